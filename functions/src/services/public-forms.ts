import { createHash } from 'node:crypto';
import { object, string, type ObjectSchema } from 'yup';
import { ORGANIZATION_TYPES } from '../api/booking-choices';
import { LIMITS } from '../api/form-limits';
import type { EnquiryRequest, FeedbackRequest, FormReceipt, NewsletterRequest } from '../api/types';
import { db } from '../store/firebase';
import {
  enquiriesCollection,
  feedbackCollection,
  newsletterCollection,
  SOURCE_WEBSITE,
  type Enquiry,
  type Feedback,
  type NewsletterSubscription,
} from '../store/public-forms';
import { queueMail } from './mail';
import { welcomeMail } from './newsletter';
import { ghanaTimestamp } from './time';

export { SOURCE_WEBSITE, type Enquiry, type Feedback, type NewsletterSubscription };

/** The hidden form field people cannot see; only bots fill it in. */
export const HONEYPOT_FIELD = 'website';

/** True when the honeypot is filled in: the caller answers as if stored and stores nothing. */
export const isBot = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && String((body as Record<string, unknown>)[HONEYPOT_FIELD] ?? '').trim() !== '';

// --- field rules, each naming its field for the 400 message ---

/** Trims strings only: yup's own trim() throws on an object (a 500 instead of a 400). */
const trimmed = (label: string) =>
  string()
    .typeError(`${label} must be text.`)
    .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value));

const text = (label: string, max: number) =>
  trimmed(label).required(`${label} is required.`).max(max, `${label} must be at most ${max} characters.`);

const email = (label: string) => text(label, LIMITS.email).email(`${label} must be a valid email address, like ama@example.com.`);

/** Ghana numbers (024 123 4567, +233 24 123 4567) and international ones: 9 to 15 digits. */
const PHONE_CHARS = /^\+?[\d\s().-]+$/;
const phone = (label: string) =>
  text(label, 25).test(
    'phone',
    `${label} must be a phone number, like 024 123 4567 or +233 24 123 4567.`,
    (value) => !value || (PHONE_CHARS.test(value) && /^\d{9,15}$/.test(value.replace(/\D/g, ''))),
  );

// --- newsletter ---

export const newsletterSchema: ObjectSchema<NewsletterRequest> = object({ email: email('Email Address') });

/** One document per e-mail: the id comes from the normalised address, so a repeat finds the same one. */
export const newsletterIdOf = (address: string): string =>
  createHash('sha256').update(address.trim().toLowerCase()).digest('hex').slice(0, 40);

/**
 * Subscribes an e-mail and queues the welcome mail (with its unsubscribe link) in the same
 * transaction; `created` is false when it was subscribed already (nothing changes then).
 */
export async function subscribeToNewsletter(
  input: NewsletterRequest,
): Promise<{ created: boolean; subscription: NewsletterSubscription }> {
  const address = input.email.toLowerCase();
  const ref = newsletterCollection().doc(newsletterIdOf(address));
  return db().runTransaction(async (tx) => {
    const existing = await tx.get(ref);
    const stored = existing.data();
    if (stored) return { created: false, subscription: stored };
    const subscription: NewsletterSubscription = { docid: ref.id, date: ghanaTimestamp(), email: address };
    tx.create(ref, subscription);
    await queueMail(welcomeMail(subscription), tx);
    return { created: true, subscription };
  });
}

// --- contact form (feedback) ---

export const feedbackSchema: ObjectSchema<FeedbackRequest> = object({
  fullName: text('Your Name', LIMITS.name),
  telephone: phone('Phone Number'),
  email: email('Your Email'),
  message: text('Message', LIMITS.message),
});

export async function saveFeedback(input: FeedbackRequest): Promise<Feedback> {
  const ref = feedbackCollection().doc();
  const feedback: Feedback = { ...input, docid: ref.id, date: ghanaTimestamp(), source: SOURCE_WEBSITE };
  await ref.create(feedback);
  return feedback;
}

// --- organisation enquiries (the 'organiztion' spelling is the contract) ---

export const enquirySchema: ObjectSchema<EnquiryRequest> = object({
  organiztionName: text('Organisation name', LIMITS.name),
  organiztionLocation: text('Organisation location', LIMITS.location),
  organiztionType: trimmed('Organisation type')
    .required('Organisation type is required.')
    .oneOf(ORGANIZATION_TYPES, `Organisation type must be one of ${ORGANIZATION_TYPES.join(', ')}.`),
  nameOfPerson: text('Contact person name', LIMITS.name),
  organiztionEmail: email('Email'),
  organiztionContact: phone('Contact'),
});

export async function saveEnquiry(input: EnquiryRequest): Promise<Enquiry> {
  const ref = enquiriesCollection().doc();
  const enquiry: Enquiry = {
    ...input,
    id: ref.id,
    timeOfRequest: ghanaTimestamp(),
    status: 'Pending',
    updateBy: '',
    updatedById: '',
    updatedOn: '',
  };
  await ref.create(enquiry);
  return enquiry;
}

/** The silent answer to a bot: an id like a real one; nothing is written. */
export const botReceipt = (): FormReceipt => ({ id: feedbackCollection().doc().id });
