/**
 * Firestore down and back: the API answers 503 fast while it is unreachable and answers
 * normally again soon after it is back, without a restart. This file's app reaches the shared
 * Firestore emulator through a TCP relay of its own on a free port; "down" closes the relay
 * and cuts its connections (what a crashed emulator or a lost network looks like to the
 * client: reset, then refused), "back" opens it again on the same port. The shared emulator
 * itself is never touched (`npm run faults` kills and restarts a real one).
 */
import { randomUUID } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import request from 'supertest';
import { deleteApp, getApps } from 'firebase-admin/app';
import { createApp } from '../../app';
// The newsletter secret, as the Functions emulator reads it.
import '../../test-support/payments';
import { newsletterIdOf } from '../../services/public/public-forms';
import { COLLECTIONS } from '../collections';
import { db } from '../firebase';

const SHARED = process.env.FIRESTORE_EMULATOR_HOST as string;

interface Relay {
  server: Server;
  sockets: Set<Socket>;
}

/** A relay to the shared emulator on `port` (0: any free one); resolves once it listens. */
function openRelay(port: number): Promise<Relay> {
  const [host, sharedPort] = SHARED.split(':');
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(sharedPort), host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined); // cut on purpose below
    }
    client.pipe(upstream).pipe(client);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve({ server, sockets }));
  });
}

/** Stops accepting and resets every open connection: Firestore is unreachable. */
function cut({ server, sockets }: Relay): Promise<void> {
  for (const socket of sockets) socket.resetAndDestroy();
  return new Promise((resolve) => server.close(() => resolve()));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 256)).join('.')}`;

let port: number;
let relay: Relay;
const app = createApp();

beforeAll(async () => {
  relay = await openRelay(0);
  port = (relay.server.address() as { port: number }).port;
  // Jest gives each test file its own process.env and module registry, and db() creates the
  // client on first use: this file's app only ever talks through this relay.
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
});

afterAll(async () => {
  await Promise.all(getApps().map(deleteApp));
  await cut(relay);
});

async function timed(send: () => request.Test) {
  const started = Date.now();
  const res = await send();
  return { status: res.status, msg: String(res.body?.msg ?? ''), ms: Date.now() - started };
}

const getPackages = () => timed(() => request(app).get('/api/packages'));
const subscribe = (email: string) =>
  timed(() => request(app).post('/api/subscriptions/news').set('X-Forwarded-For', randomIp()).send({ email }));
const feedback = (email: string) =>
  timed(() =>
    request(app).post('/api/feedback').set('X-Forwarded-For', randomIp()).send({
      fullName: 'Ama Mensah',
      telephone: '0244123456',
      email,
      message: 'Do you open on Saturdays?',
    }),
  );

const UNAVAILABLE_MSG = 'The service is briefly unavailable. Please try again in a moment.';
/** Generous, so a busy machine cannot make it flaky; the real figures are printed. */
const BOUND_MS = 15_000;

it('when Firestore goes down, then reads and writes answer 503 fast and nothing is written later; when it is back, then the API answers again without a restart', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  expect((await getPackages()).status).toBe(200);

  await cut(relay);
  const email = `outage-${randomUUID().slice(0, 8)}@example.com`;
  const down = {
    'GET /packages': await getPackages(),
    'POST /subscriptions/news': await subscribe(email),
    'POST /feedback': await feedback(email),
  };
  for (const answer of Object.values(down)) {
    expect(answer).toEqual({ status: 503, msg: UNAVAILABLE_MSG, ms: expect.any(Number) });
    expect(answer.ms).toBeLessThan(BOUND_MS);
  }

  relay = await openRelay(port);
  const reopened = Date.now();
  let back = await getPackages();
  while (back.status !== 200 && Date.now() - reopened < BOUND_MS) {
    await sleep(100);
    back = await getPackages();
  }
  const recoveredMs = Date.now() - reopened;
  expect(back.status).toBe(200);
  expect((await subscribe(`outage-${randomUUID().slice(0, 8)}@example.com`)).status).toBe(201);

  // Nothing reported as 503 is committed once Firestore is back (a retried write would land now).
  await sleep(3000);
  expect((await db().collection(COLLECTIONS.newsletter).doc(newsletterIdOf(email)).get()).exists).toBe(false);
  expect((await db().collection(COLLECTIONS.feedback).where('email', '==', email).get()).size).toBe(0);

  const figures = Object.entries(down).map(([call, answer]) => `${call} ${answer.ms} ms`);
  console.log(`Firestore down: 503 in ${figures.join(', ')}; back: answers again ${recoveredMs} ms after it is reachable`);
});
