import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { Timestamp } from 'firebase-admin/firestore';
import { TRUSTED_PROXY_HOPS } from '../config';
import { COLLECTIONS } from '../store/collections';
import { db } from '../store/firebase';
import { HttpError } from './errors';

/** Public writes (newsletter, contact, enquiries) one client may make per minute. */
export const PUBLIC_WRITES_PER_MINUTE = 10;

const WINDOW_MS = 60_000;

export const TOO_MANY = 'You have sent too many requests in a short time. Please wait a minute and try again.';

/**
 * The client's address: the entry of X-Forwarded-For that our front ends wrote
 * (config TRUSTED_PROXY_HOPS), never the first one, which any client can forge. A header
 * shorter than that did not come through them (the emulators, or the function's own URL):
 * then the socket's address, and nothing the header says, counts.
 */
export function clientOf(req: Request): string {
  const hops = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  if (hops.length >= TRUSTED_PROXY_HOPS) return hops[hops.length - TRUSTED_PROXY_HOPS];
  return req.socket?.remoteAddress ?? 'direct';
}

/** gRPC status of a create() on an existing document. */
const ALREADY_EXISTS = 6;

/** The client's key in one window: a hash, so the store never holds a visitor's IP address (Act 843). */
const keyOf = (client: string, window: number) => `${createHash('sha256').update(client).digest('hex').slice(0, 32)}-${window}`;

/**
 * Counts the client's posts per minute in Firestore, so every instance of the function
 * shares the count: each allowed post takes one of `limit` numbered slots with create(),
 * which only one writer can win, so concurrent posts are counted exactly. Over the limit
 * -> 429 and the route never runs. `expiresAt` lets a Firestore TTL policy delete old slots.
 */
export function throttle(limit = PUBLIC_WRITES_PER_MINUTE): RequestHandler {
  // Express 5 passes a rejected promise to the error handler.
  return async (req, _res, next) => {
    const window = Math.floor(Date.now() / WINDOW_MS);
    const key = keyOf(clientOf(req), window);
    const slots = db().collection(COLLECTIONS.rateLimits);
    const expiresAt = Timestamp.fromMillis((window + 2) * WINDOW_MS);
    // Slots taken so far: where to start trying (a hint; create() decides).
    const taken = (await slots.where('key', '==', key).count().get()).data().count;
    for (let slot = taken; slot < limit; slot += 1) {
      try {
        await slots.doc(`${key}-${slot}`).create({ key, expiresAt });
        return next();
      } catch (err) {
        if ((err as { code?: unknown }).code !== ALREADY_EXISTS) throw err;
      }
    }
    next(new HttpError(429, TOO_MANY));
  };
}
