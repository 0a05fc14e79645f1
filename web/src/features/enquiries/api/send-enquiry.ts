import type { EnquiryRequest, FormReceipt } from '@api/types';
import { api } from '@/lib/api-client';

/** The enquiry form uses the API's own schema. The server sets the time, id and status Pending. */
export { enquirySchema } from '@api/form-requests';
export type { EnquiryRequest } from '@api/types';

/** `website` is the honeypot: empty for people. */
export const sendEnquiry = (body: EnquiryRequest & { website?: string }) => api.post<FormReceipt>('/enquiries', body);
