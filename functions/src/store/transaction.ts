import type { Transaction } from 'firebase-admin/firestore';
import { db } from './firebase';

/** Work to do once a transaction has committed (e.g. sending the SMS it queued), per attempt. */
const committedHooks = new WeakMap<Transaction, (() => Promise<unknown>)[]>();

/**
 * Runs `hook` after the transaction commits; a retried or failed attempt drops it. Outside
 * runTransaction below (no hook list) it is not run: the caller's fallback must cover that.
 */
export function afterCommit(tx: Transaction, hook: () => Promise<unknown>): boolean {
  const hooks = committedHooks.get(tx);
  hooks?.push(hook);
  return hooks !== undefined;
}

/**
 * Runs fn in one Firestore transaction (retried by the client library when contended). The
 * store's refs carry their converters, so services pass them to tx.get/create/update.
 * Hooks registered with afterCommit() run after the commit; their failures are theirs.
 */
export async function runTransaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
  let attempt: Transaction | undefined;
  const result = await db().runTransaction((tx) => {
    attempt = tx;
    committedHooks.set(tx, []);
    return fn(tx);
  });
  const hooks = attempt ? (committedHooks.get(attempt) ?? []) : [];
  await Promise.allSettled(hooks.map((hook) => hook()));
  return result;
}

/** A batch of writes outside a transaction (the backfill's pages). */
export const writeBatch = () => db().batch();
