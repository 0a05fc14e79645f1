import { object, type ObjectSchema } from 'yup';
import { LIMITS } from '@api/form-limits';
import type { FeedbackRequest, FormReceipt } from '@api/types';
import { api } from '@/lib/api-client';
import { requiredEmail, requiredPhone, requiredText } from '@/lib/form-rules';

/** The contact form; the server adds the date, source WEBSITE and the document id. */
export const feedbackSchema: ObjectSchema<FeedbackRequest> = object({
  fullName: requiredText('Your Name', LIMITS.name),
  telephone: requiredPhone('Phone Number'),
  email: requiredEmail('Your Email'),
  message: requiredText('Message', LIMITS.message),
});
export type { FeedbackRequest } from '@api/types';

/** `website` is the honeypot: empty for people. */
export const sendFeedback = (body: FeedbackRequest & { website?: string }) => api.post<FormReceipt>('/feedback', body);
