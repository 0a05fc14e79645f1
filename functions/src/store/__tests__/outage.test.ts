/**
 * Firestore down and back: the API answers 503 fast while it is unreachable and answers
 * normally again soon after it is back, without a restart. Runs its own Firestore
 * emulator (scripts/firestore-emulator.mjs: the official one where installed) on a free port (the shared one on 8080 is never touched) and kills it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import { deleteApp, getApps } from 'firebase-admin/app';
import { createApp } from '../../app';
// The newsletter secret, as the Functions emulator reads it.
import '../../test-support/payments';
import { newsletterIdOf } from '../../services/public/public-forms';
import { COLLECTIONS } from '../collections';
import { db } from '../firebase';

const ROOT = join(__dirname, '../../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts a Firestore emulator (scripts/firestore-emulator.mjs) in its own process group and waits until it listens. */
function startEmulator(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['scripts/firestore-emulator.mjs'], {
    cwd: ROOT,
    env: { ...process.env, FIRESTORE_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the Firestore emulator exited (${code})`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve(child);
    });
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // The whole group: the official emulator is a JVM under the launcher.
  process.kill(-(child.pid as number), 'SIGKILL');
  await exited;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 256)).join('.')}`;

let port: number;
let emulator: ChildProcess;
const app = createApp();

beforeAll(async () => {
  port = await freePort();
  emulator = await startEmulator(port);
  // Jest gives each test file its own process.env and module registry, and db() creates the
  // client on first use: this file's app only ever talks to this emulator.
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
});

afterAll(async () => {
  await Promise.all(getApps().map(deleteApp));
  await stop(emulator);
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

  await stop(emulator);
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

  emulator = await startEmulator(port);
  const restarted = Date.now();
  let back = await getPackages();
  while (back.status !== 200 && Date.now() - restarted < BOUND_MS) {
    await sleep(100);
    back = await getPackages();
  }
  const recoveredMs = Date.now() - restarted;
  expect(back.status).toBe(200);
  expect((await subscribe(`outage-${randomUUID().slice(0, 8)}@example.com`)).status).toBe(201);

  // Nothing reported as 503 is committed once Firestore is back (the emulator restarts empty).
  await sleep(3000);
  expect((await db().collection(COLLECTIONS.newsletter).doc(newsletterIdOf(email)).get()).exists).toBe(false);
  expect((await db().collection(COLLECTIONS.feedback).where('email', '==', email).get()).size).toBe(0);

  const figures = Object.entries(down).map(([call, answer]) => `${call} ${answer.ms} ms`);
  console.log(`Firestore down: 503 in ${figures.join(', ')}; back up: answers again ${recoveredMs} ms after the restart`);
});
