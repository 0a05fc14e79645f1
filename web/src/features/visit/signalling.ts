/**
 * The visit's signalling and chat through Firestore (docs/visits.md): the one place the
 * browser reads and writes the database directly, under firestore.rules that admit only the
 * two participants while the room is open. Offers, answers and ICE candidates are documents
 * in visits/{id}/signals (each written by its sender, read by the other); chat messages in
 * visits/{id}/chat. Media never pass through here.
 */
import {
  collection,
  doc,
  FirestoreError,
  getDocFromServer,
  increment,
  limitToLast,
  onSnapshot,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  where,
  writeBatch,
  type DocumentData,
  type DocumentReference,
  type Unsubscribe,
} from 'firebase/firestore';
import {
  RATE_LIMITS,
  rateDocId,
  SIGNAL_TTL_HOURS,
  VISIT_CHAT,
  VISIT_PRESENCE,
  VISIT_RATE,
  VISIT_SIGNALS,
  VISITS_COLLECTION,
  type RatedKind,
  type SignalCandidate,
  type Visit,
} from '@api/visits';
import { db } from '@/lib/firestore';
import type { IncomingSignal, OutgoingSignal } from '@/features/visit/peer';
import { OverRateCap } from '@/features/visit/rate-cap';

/** Signals are kept a day (a TTL policy on expireAt deletes them); the chat stays with the visit. */
const expireAt = () => Timestamp.fromMillis(Date.now() + SIGNAL_TTL_HOURS * 3_600_000);

export interface ChatMessage {
  id: string;
  from: string;
  text: string;
  /** Undefined for a moment after sending (the server sets it). */
  at?: Date;
}

/** The chat shows (and listens to) this many of the latest messages: a flood costs a patient no data. */
const CHAT_SHOWN = 200;

const signalsOf = (visitId: string) => collection(db, VISITS_COLLECTION, visitId, VISIT_SIGNALS);
const chatOf = (visitId: string) => collection(db, VISITS_COLLECTION, visitId, VISIT_CHAT);

/**
 * One kind of this participant's writes (signals or chat) under the rules' per-minute cap
 * (docs/visits.md, api/visits.ts VisitRate): each document is created in one batch with the
 * counter `visits/{id}/rate/{uid}-{kind}`. The count is kept here, read once from the server,
 * so no write needs a read: while under the cap the counter goes up by one; at the cap (or
 * with none yet) a new window starts, which the rules allow once the last began a minute ago.
 * Writes go one after another, in the order they were asked for (batches on one counter sent
 * together contend for it and are refused). A refused write re-reads the counter (another tab
 * of the same person counts too) and is tried once more.
 */
class RatedWriter {
  /** The current window's count as the server has it; undefined before the first window. */
  private count: number | undefined;
  private readonly ref: DocumentReference;
  /** The last write asked for: the next one starts when it has finished. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    visitId: string,
    uid: string,
    private readonly kind: RatedKind,
  ) {
    this.ref = doc(db, VISITS_COLLECTION, visitId, VISIT_RATE, rateDocId(uid, kind));
  }

  async load(): Promise<void> {
    const snap = await getDocFromServer(this.ref);
    this.count = snap.exists() ? Number(snap.get('count')) : undefined;
  }

  write(target: DocumentReference, data: DocumentData): Promise<void> {
    const written = this.queue.then(async () => {
      try {
        await this.commit(target, data);
      } catch (err) {
        if (!(err instanceof FirestoreError) || err.code !== 'permission-denied') throw err;
        await this.load();
        // At the cap already: the rules refuse until the window is a minute old.
        const atCap = this.count !== undefined && this.count >= RATE_LIMITS[this.kind];
        try {
          await this.commit(target, data);
        } catch (again) {
          throw atCap && again instanceof FirestoreError && again.code === 'permission-denied'
            ? new OverRateCap(this.kind)
            : again;
        }
      }
    });
    this.queue = written.catch(() => undefined);
    return written;
  }

  private commit(target: DocumentReference, data: DocumentData): Promise<void> {
    const fresh = this.count === undefined || this.count >= RATE_LIMITS[this.kind];
    this.count = fresh ? 1 : this.count! + 1;
    const batch = writeBatch(db);
    if (fresh) batch.set(this.ref, { start: serverTimestamp(), count: 1, last: target.id });
    else batch.set(this.ref, { count: increment(1), last: target.id }, { merge: true });
    batch.set(target, data);
    return batch.commit();
  }
}

export class Signalling {
  private since: Timestamp | undefined;
  private readonly signals: RatedWriter;
  private readonly chat: RatedWriter;

  constructor(
    private readonly visitId: string,
    private readonly uid: string,
  ) {
    this.signals = new RatedWriter(visitId, uid, 'signals');
    this.chat = new RatedWriter(visitId, uid, 'chat');
  }

  /** Writes one signal from this browser. */
  async send(signal: OutgoingSignal): Promise<void> {
    await this.signals.write(doc(signalsOf(this.visitId)), {
      from: this.uid,
      ...signal,
      at: serverTimestamp(),
      expireAt: expireAt(),
    });
  }

  /**
   * Starts this page's part of the call: a 'bye' tells the other side to drop whatever it had
   * with this participant's previous page (a reload), and its server time marks where this
   * page starts reading, so signals meant for a page that is gone are never applied.
   */
  async begin(): Promise<void> {
    await Promise.all([this.signals.load(), this.chat.load()]);
    const ref = doc(signalsOf(this.visitId));
    await this.signals.write(ref, { from: this.uid, type: 'bye', at: serverTimestamp(), expireAt: expireAt() });
    this.since = (await getDocFromServer(ref)).get('at') as Timestamp;
  }

  /** The other participant's signals from begin() on, in the order they were written. */
  listen(onSignal: (signal: IncomingSignal) => void, onError: (err: Error) => void): Unsubscribe {
    if (!this.since) throw new Error('Signalling.listen before begin()');
    const q = query(signalsOf(this.visitId), where('at', '>', this.since), orderBy('at'));
    return onSnapshot(
      q,
      (snapshot) => {
        for (const change of snapshot.docChanges()) {
          if (change.type !== 'added') continue;
          const data = change.doc.data();
          if (data.from === this.uid) continue;
          onSignal({
            type: String(data.type),
            sdp: data.sdp as string | undefined,
            candidate: data.candidate as SignalCandidate | undefined,
          });
        }
      },
      onError,
    );
  }

  /** The chat's last CHAT_SHOWN messages, oldest first, as it changes. */
  listenChat(onMessages: (messages: ChatMessage[]) => void, onError: (err: Error) => void): Unsubscribe {
    return onSnapshot(
      query(chatOf(this.visitId), orderBy('at'), limitToLast(CHAT_SHOWN)),
      { includeMetadataChanges: false },
      (snapshot) =>
        onMessages(
          snapshot.docs.map((d) => {
            const at = d.get('at', { serverTimestamps: 'estimate' }) as Timestamp | null;
            return { id: d.id, from: String(d.get('from')), text: String(d.get('text')), at: at?.toDate() };
          }),
        ),
      onError,
    );
  }

  async sendChat(text: string): Promise<void> {
    await this.chat.write(doc(chatOf(this.visitId)), { from: this.uid, text, at: serverTimestamp() });
  }

  /** This participant is on the page now (visits/{id}/presence/{uid}). */
  async markPresent(): Promise<void> {
    await setDoc(doc(db, VISITS_COLLECTION, this.visitId, VISIT_PRESENCE, this.uid), { seenAt: serverTimestamp() });
  }

  /** The visit record as the server keeps it (participants may read it), its times as ISO strings like the API's. */
  listenVisit(onVisit: (visit: Visit) => void, onError: (err: Error) => void): Unsubscribe {
    return onSnapshot(
      doc(db, VISITS_COLLECTION, this.visitId),
      (snap) => snap.exists() && onVisit(isoTimes(snap.data()) as Visit),
      onError,
    );
  }
}

/** Firestore Timestamps (at any depth) as ISO strings: the record in the API's shape. */
function isoTimes(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (Array.isArray(value)) return value.map(isoTimes);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isoTimes(v)]));
  return value;
}
