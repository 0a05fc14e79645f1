// @ts-check
// `npm run bench:slots`: figures, not a test. Free slots of 10 doctors over 31 days with 500
// bookings in that range, asked of the Express app in-process (the built functions/lib) against
// the local stack's Firestore emulator (the running stack, or one it starts: wrap it in
// `flock /tmp/stack.lock` then). Prints time per request (p50, p95, max) and the Firestore
// documents read per request. Run `npm run build` first. Its own data is removed at the end.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './lib/install.mjs';
import { EMULATOR_ENV } from './lib/ports.mjs';
import { withStack } from './lib/running-stack.mjs';

Object.assign(process.env, EMULATOR_ENV);
const require = createRequire(import.meta.url);
const lib = (/** @type {string} */ path) => require(join(ROOT, 'functions', 'lib', path));
const { createApp } = lib('app.js');
const { doctorSlots } = lib('services/booking/scheduling.js');
const { scheduledTimes, daysBetween } = lib('api/scheduling.js');
const { SEEDED_SCHEDULE } = lib('seed/schedules.js');
const { COLLECTIONS } = lib('store/collections.js');
const { db } = lib('store/firebase.js');

const DOCTORS = 10;
const DAYS = 31;
const BOOKINGS = 500;
const ROUNDS = 20;

const run = randomUUID().slice(0, 8);
const doctorIds = Array.from({ length: DOCTORS }, (_, i) => `bench-${run}-${i}`);
const dayOf = (/** @type {number} */ n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const from = dayOf(7);
const to = dayOf(7 + DAYS - 1);

/** @param {number[]} sorted @param {number} q */
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function setUp() {
  const firestore = db();
  const grid = doctorIds.flatMap((/** @type {string} */ doctorId) =>
    daysBetween(from, to).flatMap((/** @type {string} */ day) =>
      scheduledTimes(SEEDED_SCHEDULE, day).map((/** @type {string} */ time) => ({ doctorId, day, time })),
    ),
  );
  // 500 distinct slots of the grid, as bookings leave them: one slot document each.
  for (let i = grid.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [grid[i], grid[j]] = [grid[j], grid[i]];
  }
  const booked = grid.slice(0, BOOKINGS);
  const writer = firestore.bulkWriter();
  for (const doctorId of doctorIds) {
    writer.create(firestore.collection(COLLECTIONS.doctors).doc(doctorId), {
      doctorId,
      surname: 'Bench',
      otherNames: doctorId,
      specialty: 'General Practice',
      consultationFee: 100,
      doctorPicture: '',
    });
    writer.create(firestore.collection(COLLECTIONS.doctorSchedules).doc(doctorId), { ...SEEDED_SCHEDULE, updatedBy: 'bench' });
  }
  for (const { doctorId, day, time } of booked)
    writer.create(firestore.collection(COLLECTIONS.appointmentSlots).doc(`${doctorId}_${day}_${time.replace(':', '')}`), {
      appointmentId: `bench-${randomUUID()}`,
      patientId: 'bench',
      doctorId,
      day,
      time,
    });
  await writer.close();
  return { gridSize: grid.length, booked };
}

async function tearDown() {
  const firestore = db();
  const writer = firestore.bulkWriter();
  for (const doctorId of doctorIds) {
    writer.delete(firestore.collection(COLLECTIONS.doctors).doc(doctorId));
    writer.delete(firestore.collection(COLLECTIONS.doctorSchedules).doc(doctorId));
    const slots = await firestore.collection(COLLECTIONS.appointmentSlots).where('doctorId', '==', doctorId).select().get();
    slots.docs.forEach((/** @type {{ ref: any }} */ d) => writer.delete(d.ref));
  }
  await writer.close();
}

await withStack(async () => {
  console.log(`Setting up ${DOCTORS} doctors, ${DAYS} days (${from} to ${to}), ${BOOKINGS} bookings...`);
  const { gridSize, booked } = await setUp();
  const server = createApp().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const base = `http://127.0.0.1:${address.port}`;
  try {
    const ask = async (/** @type {string} */ doctorId) => {
      const started = performance.now();
      const res = await fetch(`${base}/api/doctors/${doctorId}/slots?from=${from}&to=${to}`);
      const body = /** @type {{ data: { times: string[] }[] }} */ (await res.json());
      if (res.status !== 200) throw new Error(`slots answered ${res.status}`);
      return { ms: performance.now() - started, free: body.data.reduce((n, d) => n + d.times.length, 0) };
    };
    for (const doctorId of doctorIds) await ask(doctorId); // warm-up: connections, the emulator's caches
    /** @type {number[]} */
    const times = [];
    let free = 0;
    for (let round = 0; round < ROUNDS; round++)
      for (const doctorId of doctorIds) {
        const r = await ask(doctorId);
        times.push(r.ms);
        if (round === 0) free += r.free;
      }
    times.sort((a, b) => a - b);
    const reads = [];
    for (const doctorId of doctorIds) reads.push((await doctorSlots(doctorId, from, to)).reads);
    const perDoctor = doctorIds.map((/** @type {string} */ id) => booked.filter((b) => b.doctorId === id).length);
    console.log(`\nGET /api/doctors/{id}/slots, ${DAYS} days, in-process app against the Firestore emulator`);
    console.log(
      `  ${times.length} requests: p50 ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms`,
    );
    console.log(
      `  Firestore documents read per request: ${Math.min(...reads)} to ${Math.max(...reads)} (mean ${(reads.reduce((a, b) => a + b, 0) / reads.length).toFixed(1)}):` +
        ` the doctor and the schedule (2) + one range query returning that doctor's taken slots (${Math.min(...perDoctor)} to ${Math.max(...perDoctor)} here)`,
    );
    console.log(
      `  grid ${gridSize} slots, ${BOOKINGS} booked; free offered (notice aside): ${free} (grid - booked = ${gridSize - BOOKINGS})`,
    );
  } finally {
    server.close();
    await tearDown();
  }
});
process.exit(0);
