import { object, string, type InferType } from 'yup';
import { api } from '@/lib/api-client';

export const newsletterSchema = object({
  email: string().trim().required('Please enter your Email Address').email('Please enter a valid email address'),
});
export type NewsletterRequest = InferType<typeof newsletterSchema>;

export const subscribeToNewsletter = (body: NewsletterRequest) => api.post<unknown>('/subscriptions/news', body);
