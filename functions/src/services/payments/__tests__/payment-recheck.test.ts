import '../../../test-support/payments';
import { Timestamp } from 'firebase-admin/firestore';
import { newClientReference } from '../../../provider/client-reference';
import { recheckRecentPayments } from '../recheck';
import { COLLECTIONS } from '../../../store/collections';
import { db } from '../../../store/firebase';

/**
 * The scheduled re-check is bounded: with 1,000 open checkouts it reads pages by a cursor,
 * asks the provider (the sandbox) a few at a time and stops at its time budget.
 */
const OPEN = 1000;
/**
 * The re-check sweeps every checkout of the 24 hours before `now`: these start in a far
 * future and the re-check runs 'then', so it never settles records of suites running beside it.
 */
const THEN = Date.now() + 10 * 365 * 86_400_000;
const refs = Array.from({ length: OPEN }, () => db().collection(COLLECTIONS.orders).doc());

beforeAll(async () => {
  const startedAt = Timestamp.fromMillis(THEN - 60 * 60_000);
  for (let i = 0; i < OPEN; i += 500) {
    const batch = db().batch();
    for (const ref of refs.slice(i, i + 500)) {
      batch.create(ref, {
        patientId: 'recheck-load',
        clientReference: newClientReference(),
        amount: 10,
        paymentStatus: 'Unpaid',
        items: [],
        checkoutStartedAt: startedAt,
      });
    }
    await batch.commit();
  }
}, 60_000);

afterAll(async () => {
  for (let i = 0; i < OPEN; i += 500) {
    const batch = db().batch();
    for (const ref of refs.slice(i, i + 500)) batch.delete(ref);
    await batch.commit();
  }
}, 60_000);

describe('the scheduled re-check with 1,000 open checkouts', () => {
  it('when its time budget is short, then it stops near the deadline and says how many it checked', async () => {
    const budgetMs = 400;
    const started = Date.now();
    const result = await recheckRecentPayments({
      now: new Date(THEN),
      deadline: started + budgetMs,
      pageSize: 200,
      concurrency: 5,
    });
    const took = Date.now() - started;
    console.log(`re-check, ${budgetMs} ms budget: ${JSON.stringify(result)} in ${took} ms`);
    expect(result.complete).toBe(false);
    expect(result.checked).toBeLessThan(OPEN);
    // The calls already started finish; none starts after the deadline.
    expect(took).toBeLessThan(budgetMs + 3_000);
  });

  it('when its budget is long enough, then it checks every open one, page by page', async () => {
    const started = Date.now();
    const result = await recheckRecentPayments({
      now: new Date(THEN),
      deadline: started + 50_000,
      pageSize: 200,
      concurrency: 5,
    });
    const took = Date.now() - started;
    console.log(`re-check, full: ${JSON.stringify(result)} in ${took} ms, ${Math.round(took / result.pages)} ms a page`);
    expect(result.complete).toBe(true);
    expect(result.checked).toBe(OPEN);
    expect(result.pages).toBeGreaterThanOrEqual(OPEN / 200);
  });
});
