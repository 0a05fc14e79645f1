import { object, string, type ObjectSchema } from 'yup';
import { ORGANIZATION_TYPES } from '@api/booking-choices';
import { LIMITS } from '@api/form-limits';
import type { EnquiryRequest, FormReceipt } from '@api/types';
import { api } from '@/lib/api-client';
import { requiredEmail, requiredPhone, requiredText } from '@/lib/form-rules';

/** The 'organiztion' spelling is the API's contract. The server sets the time, id and status Pending. */
export const enquirySchema: ObjectSchema<EnquiryRequest> = object({
  organiztionName: requiredText('Organisation name', LIMITS.name),
  organiztionLocation: requiredText('Organisation location', LIMITS.location),
  organiztionType: string()
    .required('Organisation type is required.')
    .oneOf(ORGANIZATION_TYPES, 'Organisation type is required.'),
  nameOfPerson: requiredText('Contact person name', LIMITS.name),
  organiztionEmail: requiredEmail('Email'),
  organiztionContact: requiredPhone('Contact'),
});
export type { EnquiryRequest } from '@api/types';

/** `website` is the honeypot: empty for people. */
export const sendEnquiry = (body: EnquiryRequest & { website?: string }) => api.post<FormReceipt>('/enquiries', body);
