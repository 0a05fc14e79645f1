import type { FormReceipt, NewsletterRequest } from '@api/types';
import { api } from '@/lib/api-client';

/**
 * The footer's newsletter form loads with every page, so it checks the address with a
 * few lines here instead of pulling Yup into the first load; the API checks it fully.
 */

export const EMAIL_REQUIRED = 'Please enter your Email Address';
export const EMAIL_INVALID = 'Please enter a valid email address, like ama@example.com.';

/** The info message for an address that cannot be sent, or undefined when it can. */
export function newsletterEmailProblem(email: string): string | undefined {
  const value = email.trim();
  if (!value) return EMAIL_REQUIRED;
  if (value.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return EMAIL_INVALID;
  return undefined;
}

/** `website` is the honeypot: empty for people. */
export const subscribeToNewsletter = (body: NewsletterRequest & { website?: string }) =>
  api.post<FormReceipt>('/subscriptions/news', body);
