import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_FRONT_END_HEADER } from '../config';

/** Hosting's hop from Google's network (config GOOGLE_FRONT_END_RANGES), as Google's front end writes it last. */
export const GOOGLE_HOP = '66.102.6.1';

/** An address of Hosting's CDN (config HOSTING_CDN_RANGES): never trusted to name a visitor. */
export const HOSTING_CDN_EDGE = '151.101.0.1';

/** A made-up visitor address (10/8): each test posting public forms comes from its own. */
export const randomClientIp = (): string => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 256)).join('.')}`;

/**
 * X-Forwarded-For as production sends it for `client` visiting through Hosting (config
 * GOOGLE_FRONT_END_RANGES): `<client>, <Google hop>`. The emulators have no front end, so a test
 * plays it; a real client cannot, because in production the front ends append their own entries
 * after whatever it sends.
 */
export const forwardedFor = (client = randomClientIp(), forged: string[] = []): string =>
  [...forged, client, GOOGLE_HOP].join(', ');

/** X-Forwarded-For of a call straight to the function's own URL: what the caller wrote, then the caller, as Google's front end appends it. */
export const directCall = (caller: string, forged: string[]): string => [...forged, caller].join(', ');

/** The local stack's front-end key (functions/.env.local, read by the Functions emulator). */
export function localFrontEndKey(): string {
  const env = readFileSync(join(__dirname, '../../.env.local'), 'utf8');
  const key = /^LOCAL_FRONT_END_KEY=(.*)$/m.exec(env)?.[1]?.trim();
  if (!key) throw new Error('functions/.env.local has no LOCAL_FRONT_END_KEY');
  return key;
}

/**
 * The headers of a request from `client` through the front ends, for the running stack
 * (Hosting or the Functions emulator): X-Forwarded-For as they write it, and the local key
 * that lets the emulator trust it (config forwardedByFrontEnds). In-process tests need only
 * forwardedFor: outside the emulator the production layout holds.
 */
export const throughFrontEnd = (client = randomClientIp(), forged: string[] = []): Record<string, string> => ({
  'X-Forwarded-For': forwardedFor(client, forged),
  [LOCAL_FRONT_END_HEADER]: localFrontEndKey(),
});
