import type { StaffMessage } from '../api/staff';
import type { EnquiryRequest, FeedbackRequest } from '../api/types';
import { COLLECTIONS } from './collections';
import { FieldPath, type CollectionReference } from 'firebase-admin/firestore';
import { typedCollection } from './converter';
import { db } from './firebase';
import { pageByStatus, pageOf } from './pages';

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

/** A contact message as staff work it: stored before statuses existed, it may have neither status nor replies. */
export type StoredMessage = Feedback & Partial<Pick<StaffMessage, 'status' | 'replies'>>;

export const newsletterCollection = () => typedCollection<NewsletterSubscription>(COLLECTIONS.newsletter);

export const feedbackCollection = () => typedCollection<Feedback>(COLLECTIONS.feedback);

export const enquiriesCollection = () => typedCollection<Enquiry>(COLLECTIONS.enquiries);

/** Stores a new entry under a fresh id, which the entry carries too (`entry` builds it from the id); answers it as stored. */
export async function createEntry<T extends object>(collection: CollectionReference<T>, entry: (id: string) => T): Promise<T> {
  const ref = collection.doc();
  const stored = entry(ref.id);
  await ref.create(stored);
  return stored;
}

export const enquiriesRef = (id: string) => db().collection(COLLECTIONS.enquiries).doc(id);
export const messageRef = (id: string) => db().collection(COLLECTIONS.feedback).doc(id);

export const enquiryPage = pageByStatus<Enquiry>(COLLECTIONS.enquiries, 'timeOfRequest');

export const messagePage = <T>(limit: number, cursor: string | undefined, map: (id: string, d: StoredMessage) => T) =>
  pageOf(
    db().collection(COLLECTIONS.feedback),
    db().collection(COLLECTIONS.feedback).orderBy('date', 'desc'),
    limit,
    cursor,
    map,
  );

/** Every newsletter subscriber, read in pages of 500 (the CSV export is the one list that wants them all). */
export async function* newsletterSubscribers(): AsyncGenerator<NewsletterSubscription> {
  let q = db().collection(COLLECTIONS.newsletter).orderBy(FieldPath.documentId()).limit(500);
  for (;;) {
    const snap = await q.get();
    for (const d of snap.docs) yield d.data() as NewsletterSubscription;
    if (snap.size < 500) return;
    q = q.startAfter(snap.docs[snap.size - 1].id);
  }
}
