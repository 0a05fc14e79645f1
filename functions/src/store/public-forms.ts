import type { EnquiryRequest, FeedbackRequest } from '../api/types';
import { COLLECTIONS } from './collections';
import { typedConverter } from './converter';
import { db } from './firebase';

/** Firestore access for what the site's public forms store: each document carries its own id field. */

/** Where the site's forms come from (source WEBSITE, as the original site wrote it). */
export const SOURCE_WEBSITE = 'WEBSITE';

export interface NewsletterSubscription {
  docid: string;
  date: string;
  email: string;
}

/** Written as a Date (stored as a Timestamp, which the TTL policy acts on), read back as an ISO string. */
type ExpireAt = Date | string;

export interface Feedback extends FeedbackRequest {
  docid: string;
  date: string;
  source: typeof SOURCE_WEBSITE;
  expireAt: ExpireAt;
}

/** An organisation's enquiry (the 'organiztion' spelling is the contract). */
export interface Enquiry extends EnquiryRequest {
  id: string;
  timeOfRequest: string;
  status: 'Pending';
  updateBy: string;
  updatedById: string;
  updatedOn: string;
  expireAt: ExpireAt;
}

export const newsletterCollection = () =>
  db().collection(COLLECTIONS.newsletter).withConverter(typedConverter<NewsletterSubscription>());

export const feedbackCollection = () => db().collection(COLLECTIONS.feedback).withConverter(typedConverter<Feedback>());

export const enquiriesCollection = () => db().collection(COLLECTIONS.enquiries).withConverter(typedConverter<Enquiry>());
