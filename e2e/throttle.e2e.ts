/**
 * The public-write throttle through Hosting and the Functions runtime: whatever a client
 * writes in X-Forwarded-For, it is still counted as one client. Only the entries our front
 * ends append are trusted (functions/src/config.ts forwardedByFrontEnds): in production Hosting's
 * CDN and Google's front end; locally there are none, and a test plays them with the local key.
 */
import { createHash } from 'node:crypto';
import { randomClientIp, throughFrontEnd } from '../functions/src/test-support/client';
import { adminDb } from './support/admin';
import { SITE_URL } from './support/browser';

jest.setTimeout(90_000);

/** functions/src/http/rate-limit.ts PUBLIC_WRITES_PER_MINUTE */
const LIMIT = 10;

const postFeedback = (headers: Record<string, string>) =>
  fetch(`${SITE_URL}/api/feedback`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: '{}',
  });

/** The clock minute a post is counted in (the throttle counts per minute). */
const minuteNow = () => Math.floor(Date.now() / 60_000);

/**
 * Runs a burst of posts. The emulator's clock is not this test's to move, and the test does not
 * wait for it: a burst that crossed into the next minute (its posts counted in two) is run once
 * more; it takes seconds, so the second run starts and ends in the same minute.
 */
async function inOneMinute<T>(burst: () => Promise<T>): Promise<T> {
  const started = minuteNow();
  const result = await burst();
  return minuteNow() === started ? result : burst();
}

/** The slots each client (a hashed key) holds in one minute's window. */
async function slotsIn(minute: number): Promise<Map<string, string[]>> {
  const expiresAt = new Date((minute + 2) * 60_000);
  const snap = await adminDb().collection('rateLimits').where('expiresAt', '==', expiresAt).get();
  const byKey = new Map<string, string[]>();
  for (const d of snap.docs) byKey.set(d.get('key') as string, [...(byKey.get(d.get('key') as string) ?? []), d.id]);
  return byKey;
}

it(`when a client forges a different X-Forwarded-For on every post behind the front end, then the post after ${LIMIT} is still 429`, async () => {
  const { statuses, again, otherClient } = await inOneMinute(async () => {
    // The test plays the front end (the emulators have none): it appends the client's real address.
    const client = randomClientIp();
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i += 1) statuses.push((await postFeedback(throughFrontEnd(client, [`1.2.3.${i}`]))).status);
    const res = await postFeedback(throughFrontEnd(client, ['9.9.9.9']));
    const again = { status: res.status, msg: String((await res.json()).msg) };
    // Two different real clients are counted apart: another is not held back.
    return { statuses, again, otherClient: (await postFeedback(throughFrontEnd())).status };
  });
  expect(statuses).toEqual([...Array<number>(LIMIT).fill(400), 429]);
  expect(again.status).toBe(429);
  expect(again.msg).toMatch(/too many requests/);
  expect(otherClient).toBe(400);
});

/** The key the throttle counts a client under in one minute (functions/src/http/rate-limit.ts keyOf). */
const keyIn = (minute: number, who: string) => `${createHash('sha256').update(who).digest('hex').slice(0, 32)}-${minute}`;

/**
 * The client every post through the local Hosting is, with no front end: the socket's address,
 * which the Functions emulator's runtime (reached over a pipe) does not have, so clientOf's 'direct'.
 */
const LOCAL_CLIENT = 'direct';

it('when a client forges a two-entry X-Forwarded-For straight at Hosting (no front end appends anything), then it cannot reset the limit', async () => {
  const { statuses, forged, minute, after } = await inOneMinute(async () => {
    const minute = minuteNow();
    const statuses: number[] = [];
    const forged: string[] = [];
    // What the issue reported: each post a new pair of made-up addresses, 12 posts in a row.
    for (let i = 0; i < LIMIT + 2; i += 1) {
      const pair = [randomClientIp(), randomClientIp()];
      forged.push(...pair);
      statuses.push((await postFeedback({ 'X-Forwarded-For': pair.join(', ') })).status);
    }
    return { statuses, forged, minute, after: await slotsIn(minute) };
  });
  // Every post counted against the one client the connection shows: its budget is spent.
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
  expect(statuses.slice(-2)).toEqual([429, 429]);
  // The store holds them under that client's key, full, and no key for any made-up address
  // (other tests count other clients meanwhile: only these keys are looked at).
  const localSlots = after.get(keyIn(minute, LOCAL_CLIENT)) ?? [];
  expect(localSlots).toHaveLength(LIMIT);
  expect(forged.filter((address) => after.has(keyIn(minute, address)))).toEqual([]);
  // Through the local Hosting every browser is that one client: give the minute's budget back to the other tests.
  await Promise.all(localSlots.map((id) => adminDb().collection('rateLimits').doc(id).delete()));
});
