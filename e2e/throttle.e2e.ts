/**
 * The public-write throttle through Hosting and the Functions runtime: whatever a client
 * writes in X-Forwarded-For, it is still counted as one client. Only the entries our front
 * ends append are trusted (functions/src/config.ts trustedProxyHops): in production Hosting's
 * CDN and Google's front end; locally there are none, and a test plays them with the local key.
 */
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

/** Counts are per minute: start a burst early in a minute so it cannot straddle two. */
async function startOfAMinute() {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));
}

/** How many slots each client (a hashed key) holds in this minute's window. */
async function slotsThisMinute(): Promise<Map<string, string[]>> {
  const expiresAt = new Date((Math.floor(Date.now() / 60_000) + 2) * 60_000);
  const snap = await adminDb().collection('rateLimits').where('expiresAt', '==', expiresAt).get();
  const byKey = new Map<string, string[]>();
  for (const d of snap.docs) byKey.set(d.get('key') as string, [...(byKey.get(d.get('key') as string) ?? []), d.id]);
  return byKey;
}

it(`when a client forges a different X-Forwarded-For on every post behind the front end, then the post after ${LIMIT} is still 429`, async () => {
  await startOfAMinute();
  // The test plays the front end (the emulators have none): it appends the client's real address.
  const client = randomClientIp();
  const statuses: number[] = [];
  for (let i = 0; i <= LIMIT; i += 1) statuses.push((await postFeedback(throughFrontEnd(client, [`1.2.3.${i}`]))).status);
  expect(statuses).toEqual([...Array<number>(LIMIT).fill(400), 429]);

  const res = await postFeedback(throughFrontEnd(client, ['9.9.9.9']));
  expect(res.status).toBe(429);
  expect((await res.json()).msg).toMatch(/too many requests/);
  // Two different real clients are counted apart: another is not held back.
  expect((await postFeedback(throughFrontEnd())).status).toBe(400);
});

it('when a client forges a two-entry X-Forwarded-For straight at Hosting (no front end appends anything), then it cannot reset the limit', async () => {
  await startOfAMinute();
  const before = await slotsThisMinute();
  const statuses: number[] = [];
  // What the issue reported: each post a new pair of made-up addresses, 12 posts in a row.
  for (let i = 0; i < LIMIT + 2; i += 1) {
    statuses.push((await postFeedback({ 'X-Forwarded-For': `${randomClientIp()}, ${randomClientIp()}` })).status);
  }
  // Every post counted against the one client the connection shows: at most LIMIT got through.
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
  expect(statuses.slice(-2)).toEqual([429, 429]);
  // The store holds them under one client's key, not one key per made-up address (other tests may count meanwhile).
  const allowed = statuses.filter((s) => s !== 429).length;
  const after = await slotsThisMinute();
  const oneClient = [...after].filter(([key, ids]) => ids.length - (before.get(key)?.length ?? 0) >= allowed);
  expect(oneClient).toHaveLength(1);
  // Through the local Hosting every browser is that one client: give the minute's budget back to the other tests.
  await Promise.all(oneClient[0][1].map((id) => adminDb().collection('rateLimits').doc(id).delete()));
});
