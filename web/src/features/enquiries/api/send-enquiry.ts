import { object, string, type ObjectSchema } from 'yup';
import { LIMITS } from '@api/form-limits';
import type { EnquiryRequest, FormReceipt } from '@api/types';
import { api } from '@/lib/api-client';
import { requiredEmail, requiredPhone, requiredText } from '@/lib/form-rules';

/** Organisation types (spec enumeration: id and itemName). */
export const ORGANIZATION_TYPES = [
  { id: 'COMMUNITY', itemName: 'Community' },
  { id: 'ORGANIZATION', itemName: 'Organization' },
] as const;

/** The 'organiztion' spelling is the API's contract. The server sets the time, id and status Pending. */
export const enquirySchema: ObjectSchema<EnquiryRequest> = object({
  organiztionName: requiredText('Organisation name', LIMITS.name),
  organiztionLocation: requiredText('Organisation location', LIMITS.location),
  organiztionType: string()
    .required('Organisation type is required.')
    .oneOf(
      ORGANIZATION_TYPES.map((t) => t.id),
      'Organisation type is required.',
    ),
  nameOfPerson: requiredText('Contact person name', LIMITS.name),
  organiztionEmail: requiredEmail('Email'),
  organiztionContact: requiredPhone('Contact'),
});
export type { EnquiryRequest } from '@api/types';

/** `website` is the honeypot: empty for people. */
export const sendEnquiry = (body: EnquiryRequest & { website?: string }) => api.post<FormReceipt>('/enquiries', body);
