import type { Transaction } from 'firebase-admin/firestore';
import { db } from './firebase';

/**
 * Runs fn in one Firestore transaction (retried by the client library when contended). The
 * store's refs carry their converters, so services pass them to tx.get/create/update.
 */
export const runTransaction = <T>(fn: (tx: Transaction) => Promise<T>): Promise<T> => db().runTransaction(fn);
