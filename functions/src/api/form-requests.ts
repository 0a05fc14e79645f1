/**
 * The public forms' bodies (newsletter, contact, organisation enquiries): the server
 * validates with these and the site's forms use them as they are. Imports only yup and siblings.
 */
import { object, type ObjectSchema } from 'yup';
import { ORGANIZATION_TYPES } from './booking-choices';
import { LIMITS } from './form-limits';
import { requiredEmail, requiredPhone, requiredText, trimmed } from './request-fields';
import type { EnquiryRequest, FeedbackRequest, NewsletterRequest } from './types';

export const newsletterSchema: ObjectSchema<NewsletterRequest> = object({ email: requiredEmail('Email Address') });

export const feedbackSchema: ObjectSchema<FeedbackRequest> = object({
  fullName: requiredText('Your Name', LIMITS.name),
  telephone: requiredPhone('Phone Number'),
  email: requiredEmail('Your Email'),
  message: requiredText('Message', LIMITS.message),
});

/** The 'organiztion' spelling is the API's contract. */
export const enquirySchema: ObjectSchema<EnquiryRequest> = object({
  organiztionName: requiredText('Organisation name', LIMITS.name),
  organiztionLocation: requiredText('Organisation location', LIMITS.location),
  organiztionType: trimmed('Organisation type')
    .required('Organisation type is required.')
    .oneOf(ORGANIZATION_TYPES, `Organisation type must be one of ${ORGANIZATION_TYPES.join(', ')}.`),
  nameOfPerson: requiredText('Contact person name', LIMITS.name),
  organiztionEmail: requiredEmail('Email'),
  organiztionContact: requiredPhone('Contact'),
});
