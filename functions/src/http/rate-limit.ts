import { createHash } from 'node:crypto';
import { BlockList, isIP, isIPv6 } from 'node:net';
import type { Request, RequestHandler } from 'express';
import { Timestamp } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { forwardedByFrontEnds, GOOGLE_FRONT_END_RANGES, HOSTING_CDN_RANGES } from '../config';
import { slotsTaken, takeRateLimitSlot } from '../store/rate-limits';
import { HttpError } from './errors';

/** Public writes (newsletter, contact, enquiries) one client may make per minute. */
export const PUBLIC_WRITES_PER_MINUTE = 10;

const WINDOW_MS = 60_000;

export const TOO_MANY = 'You have sent too many requests in a short time. Please wait a minute and try again.';

function blockList(ranges: readonly string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [address, prefix] = range.split('/');
    list.addSubnet(address, Number(prefix), isIPv6(address) ? 'ipv6' : 'ipv4');
  }
  return list;
}

const googleFrontEnds = blockList(GOOGLE_FRONT_END_RANGES);
const sharedFrontEnds = blockList([...GOOGLE_FRONT_END_RANGES, ...HOSTING_CDN_RANGES]);
const within = (list: BlockList, address: string | undefined) =>
  address !== undefined && isIP(address) !== 0 && list.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');

/** Who the limits count a request against: an address, and whether many visitors share it (a front end's). */
export interface Client {
  address: string;
  shared: boolean;
}

/**
 * The client's address (config GOOGLE_FRONT_END_RANGES): the last X-Forwarded-For entry, which
 * Google's front end writes and no caller can forge; when that is Google's own hop (Hosting's),
 * the entry before it. Whatever stands further left the client wrote, and is never read. When
 * the rule lands on a front end (the header held no visitor, or Hosting ever connects from its
 * CDN), the address is `shared`. With no front end (the local emulators without the test key) or
 * no header, the socket's address.
 */
export function clientAt(req: Request): Client {
  const fromFrontEnds = forwardedByFrontEnds((name) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  });
  const hops = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  if (!fromFrontEnds || hops.length === 0) return { address: req.socket?.remoteAddress ?? 'direct', shared: false };
  const last = hops[hops.length - 1];
  const address = within(googleFrontEnds, last) && hops.length >= 2 ? hops[hops.length - 2] : last;
  return { address, shared: within(sharedFrontEnds, address) };
}

/** The client's address alone (see clientAt). */
export const clientOf = (req: Request): string => clientAt(req).address;

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

/** Once a minute per instance: a sign for the post-deploy check's alert that the address rule no longer finds visitors. */
let sharedWarnedAt = 0;
function warnShared(route: string) {
  if (Date.now() - sharedWarnedAt < WINDOW_MS) return;
  sharedWarnedAt = Date.now();
  logger.warn('client address is a shared front end: counted per person', { route });
}

/**
 * Public routes: at most `limit` calls per minute from one client, and routeBudget.perMinute
 * from everyone to the route (routeBudget); over either -> 429 and the route never runs. A named `bucket`
 * counts apart from the forms (browser error reports, the prescription check); `ownBudget`
 * lowers the route's budget (browser error reports). When the client's address is a shared front
 * end (clientAt), a limit per address would be one limit for every visitor: `perPerson` names the
 * person the request is about instead (an e-mail, a number), or, without one, only the route's
 * budget counts.
 */
export function throttle(
  limit = PUBLIC_WRITES_PER_MINUTE,
  bucket?: string,
  ownBudget?: { perMinute: number },
  perPerson?: (req: Request) => string | undefined,
): RequestHandler {
  // Express 5 passes a rejected promise to the error handler.
  return async (req, _res, next) => {
    const client = clientAt(req);
    const who = client.shared ? perPerson?.(req) : client.address;
    if (client.shared) warnShared(req.path);
    if (who && !(await takeSlot(bucket ? `${bucket}:${who}` : who, limit, WINDOW_MS))) return next(new HttpError(429, TOO_MANY));
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
