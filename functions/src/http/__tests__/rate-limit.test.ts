import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import request from 'supertest';
import { createApp } from '../../app';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import '../../test-support/payments';
import {
  directCall,
  forwardedFor,
  GOOGLE_HOP,
  HOSTING_CDN_EDGE,
  randomClientIp,
  throughFrontEnd,
} from '../../test-support/client';
import { atStartOfWindow } from '../../test-support/clock';
import { BUSY, clientAt, clientOf, PUBLIC_WRITES_PER_MINUTE, rateLimitClock, routeBudget, TOO_MANY } from '../rate-limit';

const app = createApp();

/** A client address of this test alone, as the front end forwards it (the throttle counts per client). */
const uniqueIp = () => forwardedFor();

const feedback = (marker: string) => ({
  fullName: 'Kofi Mensah',
  telephone: '024 123 4567',
  email: `kofi-${marker}@example.com`,
  message: `Please call me about a home visit in Kumasi. (${marker})`,
});

const stored = async (marker: string) =>
  (await db().collection(COLLECTIONS.feedback).where('email', '==', `kofi-${marker}@example.com`).get()).size;

describe('the client a post is counted against', () => {
  const req = (xff: string | undefined) =>
    ({
      headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
      socket: { remoteAddress: '127.0.0.1' },
    }) as unknown as Request;

  it('when the front ends forwarded it, then it is the address they wrote, whatever the client put before it', () => {
    expect(clientOf(req(forwardedFor('10.1.2.3')))).toBe('10.1.2.3');
    expect(clientOf(req(forwardedFor('10.1.2.3', ['1.2.3.4', '5.6.7.8'])))).toBe('10.1.2.3');
  });

  it("when a caller skips Hosting and calls the function's own URL, then the address Google's front end appended counts, never what the caller wrote", () => {
    expect(clientOf(req(directCall('10.1.2.3', ['1.2.3.4'])))).toBe('10.1.2.3');
    expect(clientOf(req(directCall('10.1.2.3', ['1.2.3.4', HOSTING_CDN_EDGE])))).toBe('10.1.2.3');
    expect(clientOf(req('10.1.2.3'))).toBe('10.1.2.3');
  });

  it('when there is no header, then the socket address counts', () => {
    expect(clientOf(req(''))).toBe('127.0.0.1');
    expect(clientOf(req(undefined))).toBe('127.0.0.1');
  });

  it("when Hosting sends production's shape '<client>, <Google hop>', then the client counts, not Google's hop", () => {
    expect(clientAt(req(`203.0.113.7, ${GOOGLE_HOP}`))).toEqual({ address: '203.0.113.7', shared: false });
    expect(clientAt(req(`198.51.100.1, 203.0.113.7, ${GOOGLE_HOP}`))).toEqual({ address: '203.0.113.7', shared: false });
  });

  it("when a caller arrives from a Fastly address with '<forged>, <fastly>', then it cannot choose its key: its own (shared) address counts", () => {
    expect(clientAt(req(`203.0.113.7, ${HOSTING_CDN_EDGE}`))).toEqual({ address: HOSTING_CDN_EDGE, shared: true });
    expect(clientAt(req(`198.51.100.${Math.floor(Math.random() * 250)}, ${HOSTING_CDN_EDGE}`)).address).toBe(HOSTING_CDN_EDGE);
  });

  it("when the rule lands on a front end (no visitor before Google's hop, or Hosting's CDN before it), then the address is marked shared", () => {
    expect(clientAt(req(GOOGLE_HOP))).toEqual({ address: GOOGLE_HOP, shared: true });
    expect(clientAt(req(`${HOSTING_CDN_EDGE}, ${GOOGLE_HOP}`))).toEqual({ address: HOSTING_CDN_EDGE, shared: true });
  });
});

describe('limits behind a shared front end', () => {
  beforeEach(() => atStartOfWindow(60_000));

  it('when every visitor arrives as one shared address, then the forms count per sender: one sender past the limit does not stop another', async () => {
    const shared = `${HOSTING_CDN_EDGE}, ${GOOGLE_HOP}`;
    const first = `kofi-${randomUUID().slice(0, 8)}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i <= PUBLIC_WRITES_PER_MINUTE; i += 1)
      statuses.push(
        (await request(app).post('/api/subscriptions/news').set('X-Forwarded-For', shared).send({ email: first })).status,
      );
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, PUBLIC_WRITES_PER_MINUTE).every((s) => s === 200 || s === 201)).toBe(true);
    const other = `ama-${randomUUID().slice(0, 8)}@example.com`;
    const res = await request(app).post('/api/subscriptions/news').set('X-Forwarded-For', shared).send({ email: other });
    expect(res.status).toBe(201);
    expect((await db().collection(COLLECTIONS.newsletter).where('email', '==', other).get()).size).toBe(1);
  });
});

describe('the client in the local emulator, which has no front end', () => {
  const from = (socket: string, headers: Record<string, string> = {}) =>
    ({
      headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
      socket: { remoteAddress: socket },
    }) as unknown as Request;

  beforeEach(() => {
    process.env.FUNCTIONS_EMULATOR = 'true';
  });
  afterEach(() => {
    delete process.env.FUNCTIONS_EMULATOR;
  });

  it('when a client writes an X-Forwarded-For of any length, then it is ignored: the connection is the client', () => {
    for (const xff of ['1.2.3.4, 5.6.7.8', '9.9.9.9, 8.8.8.8, 7.7.7.7', '1.1.1.1'])
      expect(clientOf(from('127.0.0.2', { 'X-Forwarded-For': xff }))).toBe('127.0.0.2');
  });

  it('when two connections come from different addresses, then they are two clients', () => {
    expect(clientOf(from('127.0.0.2'))).not.toBe(clientOf(from('127.0.0.3')));
  });

  it('when a test plays the front end with the local key, then the entry it appended counts; a wrong key is ignored', () => {
    expect(clientOf(from('127.0.0.1', throughFrontEnd('10.9.8.7', ['1.2.3.4'])))).toBe('10.9.8.7');
    expect(clientOf(from('127.0.0.1', { ...throughFrontEnd('10.9.8.7'), 'X-Local-Front-End': 'guess' }))).toBe('127.0.0.1');
  });
});

describe('throttling public writes', () => {
  // Counts are per minute: each burst happens at the start of one, so it cannot straddle two.
  beforeEach(() => atStartOfWindow(60_000));
  afterEach(() => jest.restoreAllMocks());

  it(`when one client posts more than ${PUBLIC_WRITES_PER_MINUTE} times in a minute, then the next is 429 and nothing is stored; other clients are unaffected`, async () => {
    const ip = uniqueIp();
    const forms = ['/api/subscriptions/news', '/api/feedback', '/api/enquiries'];
    for (let i = 0; i < PUBLIC_WRITES_PER_MINUTE; i += 1) {
      // Any of the three forms counts; bodies that fail validation count too (a flood is a flood).
      const res = await request(app)
        .post(forms[i % 3])
        .set('X-Forwarded-For', ip)
        .send({});
      expect(res.status).toBe(400);
    }
    const marker = randomUUID().slice(0, 8);
    const res = await request(app).post('/api/feedback').set('X-Forwarded-For', ip).send(feedback(marker));
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ statusCode: 429, msg: TOO_MANY, data: null });
    expect(await stored(marker)).toBe(0);

    const other = randomUUID().slice(0, 8);
    await request(app).post('/api/feedback').set('X-Forwarded-For', uniqueIp()).send(feedback(other)).expect(201);
    expect(await stored(other)).toBe(1);
  });

  it(`when a client writes a different X-Forwarded-For on every post, then it is still one client: the post after ${PUBLIC_WRITES_PER_MINUTE} is 429`, async () => {
    const client = randomClientIp();
    for (let i = 0; i < PUBLIC_WRITES_PER_MINUTE; i += 1) {
      const forged = [`1.2.3.${i}`, ...(i % 2 ? [`203.0.113.${i}`] : [])];
      await request(app).post('/api/feedback').set('X-Forwarded-For', forwardedFor(client, forged)).send({}).expect(400);
    }
    const marker = randomUUID().slice(0, 8);
    const res = await request(app)
      .post('/api/feedback')
      .set('X-Forwarded-For', forwardedFor(client, ['1.2.3.99']))
      .send(feedback(marker));
    expect(res.status).toBe(429);
    expect(await stored(marker)).toBe(0);
  });

  it(`when a caller skips Hosting and forges a different entry before its own address on every post, then the post after ${PUBLIC_WRITES_PER_MINUTE} is 429`, async () => {
    const caller = randomClientIp();
    const statuses: number[] = [];
    for (let i = 0; i <= PUBLIC_WRITES_PER_MINUTE; i += 1) {
      const forged = [`${randomClientIp()}`, ...(i % 2 ? [HOSTING_CDN_EDGE] : [])];
      statuses.push(
        (await request(app).post('/api/feedback').set('X-Forwarded-For', directCall(caller, forged)).send({})).status,
      );
    }
    expect(statuses).toEqual([...Array<number>(PUBLIC_WRITES_PER_MINUTE).fill(400), 429]);
  });

  it('when one client posts many at the same moment, then exactly the limit get through', async () => {
    const ip = uniqueIp();
    const answers = await Promise.all(
      Array.from({ length: PUBLIC_WRITES_PER_MINUTE + 5 }, () =>
        request(app).post('/api/subscriptions/news').set('X-Forwarded-For', ip).send({ email: 'not-an-email' }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(PUBLIC_WRITES_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it('when the counter is stored, then it holds no IP address', async () => {
    const ip = randomClientIp();
    await request(app).post('/api/feedback').set('X-Forwarded-For', forwardedFor(ip)).send({});
    const window = Math.floor(rateLimitClock.now() / 60_000);
    const counters = await db().collection(COLLECTIONS.rateLimits).where('expiresAt', '>', new Date()).get();
    const mine = counters.docs.filter((d) => String(d.get('key') ?? '').endsWith(`-${window}`));
    expect(mine.length).toBeGreaterThan(0);
    for (const d of mine) expect(JSON.stringify({ id: d.id, ...d.data() })).not.toContain(ip);
  });
});

describe('the budget of a public route for all clients together', () => {
  afterEach(() => jest.restoreAllMocks());

  it('when many clients together reach the route budget in a minute, then the next is 429 saying we are busy, and nothing is stored', async () => {
    // A minute of this test alone: the budget counts every client, so no other test may share it.
    jest
      .spyOn(rateLimitClock, 'now')
      .mockReturnValue((Math.floor(Date.now() / 60_000) + 1e6 + Math.floor(Math.random() * 1e6)) * 60_000);
    jest.replaceProperty(routeBudget, 'perMinute', 3);
    for (let i = 0; i < 3; i += 1)
      await request(app).post('/api/feedback').set('X-Forwarded-For', uniqueIp()).send({}).expect(400);
    const marker = randomUUID().slice(0, 8);
    const res = await request(app).post('/api/feedback').set('X-Forwarded-For', uniqueIp()).send(feedback(marker));
    expect(res.status).toBe(429);
    expect(res.body.msg).toBe(BUSY);
    expect(await stored(marker)).toBe(0);
    // Another route has its own budget.
    await request(app).post('/api/enquiries').set('X-Forwarded-For', uniqueIp()).send({}).expect(400);
  });
});
