import { FieldValue, type DocumentData, type FirestoreDataConverter, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { VISIT_CHAT, VISIT_PRESENCE, VISIT_RATE, VISIT_SIGNALS, type Visit, type VisitEvent } from '../api/visits';
import { COLLECTIONS } from './collections';
import type { ErasureWrite } from './erasure';
import { plainValue, storedTime } from './converter';
import { db } from './firebase';

/**
 * Firestore access for video visits: `visits/{appointmentId}` (written here only; the
 * browsers read it and write its signals, chat and presence under firestore.rules), and the
 * staff roster's doctor accounts, which is how a patient's first join finds the host's uid.
 */

const VISIT_TIMES = ['opensAt', 'closesAt', 'waitingSince', 'admittedAt', 'startedAt', 'endedAt'] as const;
const EVENT_LISTS = ['joined', 'left', 'modeHistory'] as const;

/** Stored with Timestamps everywhere (the rules compare opensAt and closesAt with request.time); read back as ISO strings. */
const visitConverter: FirestoreDataConverter<Visit> = {
  toFirestore: (visit) => {
    const doc: DocumentData = { ...visit };
    for (const field of VISIT_TIMES) if (typeof doc[field] === 'string') doc[field] = storedTime(doc[field]);
    for (const list of EVENT_LISTS)
      if (Array.isArray(doc[list])) doc[list] = (doc[list] as VisitEvent[]).map((e) => ({ ...e, at: storedTime(e.at) }));
    return doc;
  },
  fromFirestore: (snapshot: QueryDocumentSnapshot) => plainValue(snapshot.data()) as Visit,
};

const visits = () => db().collection(COLLECTIONS.visits).withConverter(visitConverter);

export const visitRef = (appointmentId: string) => visits().doc(appointmentId);

/** The rooms an account is recorded as hosting, whatever their state (a few per doctor a day). */
export const visitsHostedBy = (uid: string) => visits().where('hostUid', '==', uid);

/** The visits of these appointments (a day list's virtual rows), in one round trip; missing ones are left out. */
export async function visitsOf(appointmentIds: string[]): Promise<Map<string, Visit>> {
  if (!appointmentIds.length) return new Map();
  const snaps = await db().getAll(...appointmentIds.map(visitRef));
  return new Map(snaps.filter((s) => s.exists).map((s) => [s.id, s.data() as Visit]));
}

/** The roster's accounts granted the doctor role for this doctor, most recently granted first. */
export async function rosterDoctorUids(doctorId: string): Promise<string[]> {
  const snap = await db().collection(COLLECTIONS.staffMembers).where('doctorId', '==', doctorId).limit(10).get();
  return snap.docs
    .filter((d) => d.get('role') === 'doctor')
    .sort((a, b) => (b.get('grantedAt')?.toMillis?.() ?? 0) - (a.get('grantedAt')?.toMillis?.() ?? 0))
    .map((d) => d.id);
}

/**
 * Erasing an account (services/patients/erasure.ts): its visits' records stay with the appointments,
 * under the erased id (participants and every join, leave and mode change); what was said in
 * their chat, their signals, presence and write counters go.
 */
export async function visitErasureWrites(uid: string, erasedId: string, appointmentIds: string[]): Promise<ErasureWrite[]> {
  if (!appointmentIds.length) return [];
  const refs = appointmentIds.map((id) => db().collection(COLLECTIONS.visits).doc(id));
  const snaps = (await db().getAll(...refs)).filter((s) => s.exists);
  const swap = (who: unknown) => (who === uid ? erasedId : who);
  const writes = await Promise.all(
    snaps.map(async (snap): Promise<ErasureWrite[]> => {
      const below = await Promise.all(
        [VISIT_CHAT, VISIT_SIGNALS, VISIT_PRESENCE, VISIT_RATE].map((sub) => snap.ref.collection(sub).listDocuments()),
      );
      const events = Object.fromEntries(
        EVENT_LISTS.map((list) => [list, ((snap.get(list) ?? []) as DocumentData[]).map((e) => ({ ...e, uid: swap(e.uid) }))]),
      );
      return [
        ...below.flat().map((ref) => ({ ref, remove: true as const })),
        {
          ref: snap.ref,
          update: {
            patientId: erasedId,
            participants: ((snap.get('participants') ?? []) as unknown[]).map(swap),
            ...events,
            erasedAt: FieldValue.serverTimestamp(),
          },
        },
      ];
    }),
  );
  return writes.flat();
}
