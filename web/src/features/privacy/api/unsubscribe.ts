import { api } from '@/lib/api-client';

/** Takes the address the signed token names off the newsletter list (POST, never a GET: mail scanners open links). */
export const unsubscribeFromNewsletter = (token: string) => api.post<null>('/subscriptions/news/unsubscribe', { token });
