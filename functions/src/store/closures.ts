import { FieldPath, type Transaction } from 'firebase-admin/firestore';
import type { Closure } from '../api/front-desk';
import { COLLECTIONS } from './collections';
import { typedCollection } from './converter';

/** Firestore access for the days the clinic is closed: closures/{YYYY-MM-DD} (docs/front-desk.md). */

const closures = () => typedCollection<Closure>(COLLECTIONS.closures, ['updatedAt']);

export const closureRef = (day: string) => closures().doc(day);

/** The closures from `from` to `to` (both included), by day: ONE range query over the ids, one read per closure found. */
export async function closuresBetween(from: string, to: string): Promise<Map<string, Closure>> {
  const snap = await closures().where(FieldPath.documentId(), '>=', from).where(FieldPath.documentId(), '<=', to).get();
  return new Map(snap.docs.map((d) => [d.id, d.data()]));
}

/** In a booking's or a move's transaction, before its writes: the day's closure, if any (a read, so a closure set meanwhile waits or retries it). */
export async function closureIn(tx: Transaction, day: string): Promise<Closure | undefined> {
  return (await tx.get(closureRef(day))).data();
}
