import { createHash } from 'node:crypto';
import { expiryOf } from '../../api/retention';
import type { EnquiryRequest, FeedbackRequest, FormReceipt, NewsletterRequest } from '../../api/types';
import {
  createEntry,
  enquiriesCollection,
  feedbackCollection,
  newsletterCollection,
  SOURCE_WEBSITE,
  type Enquiry,
  type Feedback,
  type NewsletterSubscription,
} from '../../store/public-forms';
import { runTransaction } from '../../store/transaction';
import { queueMail } from '../../notifications/mail';
import { welcomeMail } from './newsletter';
import { ghanaTimestamp } from '../../api/format';

export { SOURCE_WEBSITE, type Enquiry, type Feedback, type NewsletterSubscription };

/** The hidden form field people cannot see; only bots fill it in. */
export const HONEYPOT_FIELD = 'website';

/** True when the honeypot is filled in: the caller answers as if stored and stores nothing. */
export const isBot = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && String((body as Record<string, unknown>)[HONEYPOT_FIELD] ?? '').trim() !== '';

// --- newsletter ---

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
  return runTransaction(async (tx) => {
    const existing = await tx.get(ref);
    const stored = existing.data();
    if (stored) return { created: false, subscription: stored };
    const subscription: NewsletterSubscription = { docid: ref.id, date: ghanaTimestamp(), email: address };
    tx.create(ref, subscription);
    await queueMail(welcomeMail(subscription), tx);
    return { created: true, subscription };
  });
}

/** The newsletter entry of an address, if it is subscribed. */
export async function newsletterEntryOf(address: string): Promise<NewsletterSubscription | undefined> {
  return (await newsletterCollection().doc(newsletterIdOf(address)).get()).data();
}

/** Withdrawn marketing consent or an erased account: the address leaves the list at once. */
export async function deleteNewsletterEntry(address: string): Promise<void> {
  await newsletterCollection().doc(newsletterIdOf(address)).delete();
}

/**
 * What was sent from an address through the contact and enquiry forms (export and erasure).
 * The forms keep the address as typed: the account's (lower-case) spelling is what is matched.
 */
export async function formsSentFrom(address: string) {
  const spellings = [...new Set([address, address.toLowerCase()])];
  const [feedback, enquiries] = await Promise.all([
    feedbackCollection().where('email', 'in', spellings).get(),
    enquiriesCollection().where('organiztionEmail', 'in', spellings).get(),
  ]);
  return { feedback: feedback.docs, enquiries: enquiries.docs };
}

// --- contact form (feedback) ---

export const saveFeedback = (input: FeedbackRequest): Promise<Feedback> =>
  createEntry(feedbackCollection(), (docid) => ({
    ...input,
    docid,
    date: ghanaTimestamp(),
    source: SOURCE_WEBSITE,
    expireAt: expiryOf('feedback'),
  }));

// --- organisation enquiries (the 'organiztion' spelling is the contract) ---

export const saveEnquiry = (input: EnquiryRequest): Promise<Enquiry> =>
  createEntry(enquiriesCollection(), (id) => ({
    ...input,
    id,
    timeOfRequest: ghanaTimestamp(),
    status: 'Pending',
    updateBy: '',
    updatedById: '',
    updatedOn: '',
    expireAt: expiryOf('enquiries'),
  }));

/** The silent answer to a bot: an id like a real one; nothing is written. */
export const botReceipt = (): FormReceipt => ({ id: feedbackCollection().doc().id });
