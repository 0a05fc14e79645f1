import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_FRONT_END_HEADER, TRUSTED_PROXY_HOPS } from '../config';

/** The address our front end would be seen from (TEST-NET, never a real host). */
const FRONT_END = '192.0.2.1';

/** A made-up visitor address (10/8): each test posting public forms comes from its own. */
export const randomClientIp = (): string => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 256)).join('.')}`;

/**
 * X-Forwarded-For as the trusted front ends would send it for `client` (config
 * TRUSTED_PROXY_HOPS). The emulators have no front end, so a test plays it; a real client
 * cannot, because in production the front ends append their own entries after whatever it sends.
 */
export const forwardedFor = (client = randomClientIp(), forged: string[] = []): string =>
  [...forged, client, ...Array<string>(TRUSTED_PROXY_HOPS - 1).fill(FRONT_END)].join(', ');

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
 * that lets the emulator trust it (config trustedProxyHops). In-process tests need only
 * forwardedFor: outside the emulator the production layout holds.
 */
export const throughFrontEnd = (client = randomClientIp(), forged: string[] = []): Record<string, string> => ({
  'X-Forwarded-For': forwardedFor(client, forged),
  [LOCAL_FRONT_END_HEADER]: localFrontEndKey(),
});
