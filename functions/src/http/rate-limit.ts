import { createHash } from 'node:crypto';
import { BlockList, isIP, isIPv6 } from 'node:net';
import type { Request, RequestHandler } from 'express';
import { Timestamp } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { forwardedByFrontEnds, HOSTING_CDN_RANGES, TRUSTED_PROXY_HOPS } from '../config';
import { slotsTaken, takeRateLimitSlot } from '../store/rate-limits';
import { HttpError } from './errors';

/** Public writes (newsletter, contact, enquiries) one client may make per minute. */
export const PUBLIC_WRITES_PER_MINUTE = 10;

const WINDOW_MS = 60_000;

export const TOO_MANY = 'You have sent too many requests in a short time. Please wait a minute and try again.';

const hostingCdn = new BlockList();
for (const range of HOSTING_CDN_RANGES) {
  const [address, prefix] = range.split('/');
  hostingCdn.addSubnet(address, Number(prefix), isIPv6(address) ? 'ipv6' : 'ipv4');
}

const isHostingCdn = (address: string) => isIP(address) !== 0 && hostingCdn.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');

/**
 * The client's address (config TRUSTED_PROXY_HOPS): the last X-Forwarded-For entry, which
 * Google's front end writes and no caller can forge; when that is Hosting's CDN, the entry the
 * CDN wrote before it. Whatever stands further left the client wrote, and is never read. With
 * no front end (the local emulators without the test key) or no header, the socket's address.
 */
export function clientOf(req: Request): string {
  const fromFrontEnds = forwardedByFrontEnds((name) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  });
  const hops = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  if (!fromFrontEnds || hops.length === 0) return req.socket?.remoteAddress ?? 'direct';
  const last = hops[hops.length - 1];
  return isHostingCdn(last) && hops.length >= TRUSTED_PROXY_HOPS ? hops[hops.length - TRUSTED_PROXY_HOPS] : last;
}

/**
 * Where the limits read the time. Tests stand it at the start of a window (test-support/clock.ts)
 * instead of waiting for the real clock to leave the end of one.
 */
export const rateLimitClock = { now: (): number => Date.now() };

/** gRPC status of a create() on an existing document. */
const ALREADY_EXISTS = 6;

/** A key in one window: a hash, so the store never holds a visitor's IP address (Act 843) or a uid in clear. */
const keyOf = (who: string, window: number) => `${createHash('sha256').update(who).digest('hex').slice(0, 32)}-${window}`;

/**
 * Counts calls per window in Firestore, so every instance of the function shares the count:
 * each allowed call takes one of `limit` numbered slots with create(), which only one writer
 * can win, so concurrent calls are counted exactly. False when every slot is taken.
 * `expiresAt` lets a Firestore TTL policy delete old slots. `who` names the budget and its
 * holder ('phone-code-number:+233...'); only its hash is stored.
 */
export async function takeSlot(who: string, limit: number, windowMs: number): Promise<boolean> {
  const window = Math.floor(rateLimitClock.now() / windowMs);
  const key = keyOf(who, window);
  const expiresAt = Timestamp.fromMillis((window + 2) * windowMs);
  for (let slot = await slotsTaken(key); slot < limit; slot += 1) {
    try {
      await takeRateLimitSlot(key, slot, expiresAt);
      return true;
    } catch (err) {
      if ((err as { code?: unknown }).code !== ALREADY_EXISTS) throw err;
    }
  }
  return false;
}

/**
 * Calls one public route takes a minute from all clients together: with every client counted
 * apart, many clients (or many addresses) could still keep the instances (config maxInstances)
 * busy; past this the route answers 429 to everyone until the minute turns, and says so in the
 * log for the alerts (docs/security.md 'Throttling'). A tenth of what the instances serve.
 */
export const routeBudget = { perMinute: 300 };

export const BUSY = 'We are receiving too many requests right now. Please try again in a minute.';

/** How many calls `who` has made in this window of `windowMs` (a look without taking one). */
export const slotsUsed = (who: string, windowMs: number): Promise<number> =>
  slotsTaken(keyOf(who, Math.floor(rateLimitClock.now() / windowMs)));

/**
 * Public routes: at most `limit` calls per minute from one client, and routeBudget.perMinute
 * from everyone to the route (routeBudget); over either -> 429 and the route never runs. A named `bucket`
 * counts apart from the forms (browser error reports, the prescription check); `ownBudget`
 * lowers the route's budget (browser error reports).
 */
export function throttle(limit = PUBLIC_WRITES_PER_MINUTE, bucket?: string, ownBudget?: { perMinute: number }): RequestHandler {
  // Express 5 passes a rejected promise to the error handler.
  return async (req, _res, next) => {
    const who = bucket ? `${bucket}:${clientOf(req)}` : clientOf(req);
    if (!(await takeSlot(who, limit, WINDOW_MS))) return next(new HttpError(429, TOO_MANY));
    const route = `route:${req.method} ${req.baseUrl}${String(req.route?.path ?? req.path)}`;
    const budget = Math.min(routeBudget.perMinute, ownBudget?.perMinute ?? Infinity);
    if (await takeSlot(route, budget, WINDOW_MS)) return next();
    logger.warn('route budget spent', { route, budgetPerMinute: budget });
    next(new HttpError(429, BUSY));
  };
}

/** A per-patient budget for one kind of signed-in write. */
export interface CallerLimit {
  /** Names the budget, so bookings and payments are counted apart. */
  name: string;
  limit: number;
  windowMinutes: number;
}

/** Signed-in writes per patient (docs/security.md): generous for a person, a wall for a script. */
export const CALLER_LIMITS = {
  bookings: { name: 'bookings', limit: 10, windowMinutes: 60 },
  orders: { name: 'orders', limit: 10, windowMinutes: 60 },
  subscriptions: { name: 'subscriptions', limit: 10, windowMinutes: 60 },
  payments: { name: 'payments', limit: 30, windowMinutes: 10 },
  verification: { name: 'verification', limit: 10, windowMinutes: 60 },
  /** Joins (a reload rejoins), admits, mode changes and leaves of video visits: a long visit on a poor link needs a few dozen. */
  visits: { name: 'visits', limit: 120, windowMinutes: 60 },
} as const satisfies Record<string, CallerLimit>;

const tooManyFor = (minutes: number) =>
  `You have made too many requests of this kind. Please wait ${minutes >= 60 ? `${minutes / 60} hour${minutes > 60 ? 's' : ''}` : `${minutes} minutes`} and try again.`;

/**
 * After requireAuth: counts the caller's (uid's) calls of one kind, like throttle() counts a
 * client's; over the budget -> 429 and the route never runs (nothing stored, no mail).
 */
export function throttleCaller({ name, limit, windowMinutes }: CallerLimit): RequestHandler {
  return async (req, _res, next) => {
    const uid = req.caller?.uid;
    if (!uid) throw new HttpError(401, 'Please log in to continue.');
    const allowed = await takeSlot(`${name}:${uid}`, limit, windowMinutes * 60_000);
    next(allowed ? undefined : new HttpError(429, tooManyFor(windowMinutes)));
  };
}
