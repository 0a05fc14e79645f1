import { TRUSTED_PROXY_HOPS } from '../config';

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
