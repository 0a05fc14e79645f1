import type { FeedbackRequest, FormReceipt } from '@api/types';
import { api } from '@/lib/api-client';

/** The contact form uses the API's own schema; the server adds the date, source WEBSITE and the document id. */
export { feedbackSchema } from '@api/form-requests';
export type { FeedbackRequest } from '@api/types';

/** `website` is the honeypot: empty for people. */
export const sendFeedback = (body: FeedbackRequest & { website?: string }) => api.post<FormReceipt>('/feedback', body);
