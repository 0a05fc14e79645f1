/**
 * The public-write throttle through Hosting and the Functions runtime: a client that writes
 * its own X-Forwarded-For on every post is still counted as one client.
 */
import { forwardedFor, randomClientIp } from '../functions/src/test-support/client';
import { SITE_URL } from './support/browser';

jest.setTimeout(90_000);

/** functions/src/http/rate-limit.ts PUBLIC_WRITES_PER_MINUTE */
const LIMIT = 10;

const postFeedback = (xff: string) =>
  fetch(`${SITE_URL}/api/feedback`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': xff },
    body: '{}',
  });

/** Counts are per minute: start a burst early in a minute so it cannot straddle two. */
async function startOfAMinute() {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));
}

it(`when a client forges a different X-Forwarded-For on every post, then the post after ${LIMIT} is still 429`, async () => {
  await startOfAMinute();
  // The test plays the front end (the emulators have none): it appends the client's real address.
  const client = randomClientIp();
  const statuses: number[] = [];
  for (let i = 0; i <= LIMIT; i += 1) statuses.push((await postFeedback(forwardedFor(client, [`1.2.3.${i}`]))).status);
  expect(statuses).toEqual([...Array<number>(LIMIT).fill(400), 429]);

  const res = await postFeedback(forwardedFor(client, ['9.9.9.9']));
  expect(res.status).toBe(429);
  expect((await res.json()).msg).toMatch(/too many requests/);
  // Another client is not held back.
  expect((await postFeedback(forwardedFor())).status).toBe(400);
});
