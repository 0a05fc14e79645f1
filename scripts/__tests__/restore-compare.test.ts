/**
 * The restore drill's comparison (scripts/lib/restore-compare.mjs, which ops/restore-drill.sh runs
 * through scripts/restore-compare.mjs) against the Firestore emulator: a "live" database and a
 * "restored" one, each a project of its own on the emulator, so the seeded data other tests read
 * stays as it is. The drill's gcloud part (the backup, the restore) needs a real project.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

const ROOT = join(__dirname, '../..');
const { emulators } = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
  emulators: Record<string, { host: string; port: number }>;
};
process.env.FIRESTORE_EMULATOR_HOST ??= `${emulators.firestore.host}:${emulators.firestore.port}`;
const run = `${Date.now().toString(36)}-${process.pid}`;

type Row = { collection: string; live: string; restored: number; ok: boolean };

/**
 * compareCounts in a Node process of its own (Jest loads no ES modules), on the emulator's
 * databases of the two projects; `between` in milliseconds since the epoch.
 */
function compareCounts(live: string, restored: string, options: { between?: [number, number]; nested?: string[] } = {}) {
  const child = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { initializeApp } from 'firebase-admin/app';
       import { getFirestore, Timestamp } from 'firebase-admin/firestore';
       import { compareCounts } from ${JSON.stringify(join(ROOT, 'scripts/lib/restore-compare.mjs'))};
       const [live, restored, options] = process.argv.slice(1);
       const { between, nested } = JSON.parse(options);
       const db = (projectId) => getFirestore(initializeApp({ projectId }, projectId));
       const result = await compareCounts({
         live: db(live),
         restored: db(restored),
         between: between && between.map((ms) => Timestamp.fromMillis(ms)),
         nested,
       });
       console.log(JSON.stringify(result));
       process.exit(0);`,
      live,
      restored,
      JSON.stringify(options),
    ],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, METADATA_SERVER_DETECTION: 'none' } },
  );
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout) as { rows: Row[]; same: boolean };
}

const apps: App[] = [];
/** A project of its own on the emulator, by name: its id, and its (default) database. */
function database(name: string): { id: string; db: Firestore } {
  const id = `demo-restore-${name}-${run}`;
  const app = initializeApp({ projectId: id }, id);
  apps.push(app);
  return { id, db: getFirestore(app) };
}
afterAll(() => Promise.all(apps.map((app) => deleteApp(app))));

/** Writes `count` documents to each path: a collection, or a visit's nested collection. */
async function fill(db: Firestore, counts: Record<string, number>) {
  const batch = db.batch();
  for (const [path, count] of Object.entries(counts))
    for (let i = 0; i < count; i++) batch.set(db.collection(path).doc(`doc-${i}`), { n: i });
  await batch.commit();
}

const NESTED = ['signals', 'chat'];
const STATE = {
  patients: 3,
  appointments: 2,
  payments: 1,
  'visits/appt-1/signals': 2,
  'visits/appt-2/signals': 1,
  'visits/appt-1/chat': 1,
};

describe('the restore drill comparison', () => {
  it('when the restored copy holds what the live database holds, then every collection is the same, nested ones counted as groups', async () => {
    const [live, restored] = [database('same-live'), database('same-copy')];
    await Promise.all([fill(live.db, STATE), fill(restored.db, STATE)]);
    const { rows, same } = compareCounts(live.id, restored.id, { nested: NESTED });
    expect(rows).toEqual([
      { collection: 'appointments', live: '2', restored: 2, ok: true },
      { collection: 'patients', live: '3', restored: 3, ok: true },
      { collection: 'payments', live: '1', restored: 1, ok: true },
      { collection: 'visits', live: '0', restored: 0, ok: true },
      { collection: '*/signals', live: '3', restored: 3, ok: true },
      { collection: '*/chat', live: '1', restored: 1, ok: true },
    ]);
    expect(same).toBe(true);
  });

  it('when the restored copy lacks documents of a collection, or lacks a collection, then those rows differ and the drill fails', async () => {
    const [live, restored] = [database('less-live'), database('less-copy')];
    const { payments, ...withoutPayments } = STATE;
    await Promise.all([
      fill(live.db, STATE),
      fill(restored.db, { ...withoutPayments, appointments: 1, 'visits/appt-2/signals': 0 }),
    ]);
    expect(payments).toBe(1);
    const { rows, same } = compareCounts(live.id, restored.id, { nested: NESTED });
    expect(rows.filter((row) => !row.ok)).toEqual([
      { collection: 'appointments', live: '2', restored: 1, ok: false },
      { collection: 'payments', live: '1', restored: 0, ok: false },
      { collection: '*/signals', live: '3', restored: 2, ok: false },
    ]);
    expect(same).toBe(false);
  });

  it('when the live database has moved on since the snapshot, then it is read as it was at the snapshot time and matches', async () => {
    const [live, restored] = [database('moved-live'), database('moved-copy')];
    await Promise.all([fill(live.db, STATE), fill(restored.db, STATE)]);
    const snapshot = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await fill(live.db, { ...STATE, patients: 5, refunds: 1 });
    const now = compareCounts(live.id, restored.id, { nested: NESTED });
    expect(now.rows.filter((row) => !row.ok).map((row) => row.collection)).toEqual(['patients', 'refunds']);
    const then = compareCounts(live.id, restored.id, { between: [snapshot, snapshot], nested: NESTED });
    expect(then.rows.find((row) => row.collection === 'patients')).toEqual({
      collection: 'patients',
      live: '3',
      restored: 3,
      ok: true,
    });
    expect(then.same).toBe(true);
  });

  it('when the snapshot falls between two whole minutes, then each restored count must lie between the live counts at the two', async () => {
    const [live, restored] = [database('bracket-live'), database('bracket-copy')];
    await fill(live.db, { patients: 2 });
    const before = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await fill(live.db, { patients: 4 });
    const after = Date.now();
    await fill(restored.db, { patients: 3 });
    const inside = compareCounts(live.id, restored.id, { between: [before, after] });
    expect(inside.rows).toEqual([{ collection: 'patients', live: '2-4', restored: 3, ok: true }]);
    await fill(restored.db, { patients: 5 });
    const outside = compareCounts(live.id, restored.id, { between: [before, after] });
    expect(outside.rows).toEqual([{ collection: 'patients', live: '2-4', restored: 5, ok: false }]);
    expect(outside.same).toBe(false);
  });
});

describe('node scripts/restore-compare.mjs (what ops/restore-drill.sh runs)', () => {
  const cli = (project: string, ...args: string[]) =>
    spawnSync(process.execPath, ['scripts/restore-compare.mjs', ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, GCLOUD_PROJECT: project, METADATA_SERVER_DETECTION: 'none' },
    });

  it('when a count differs, then it prints the table marking it, writes the record saying so and exits 1', async () => {
    const project = `demo-restore-cli-${run}`;
    const app = initializeApp({ projectId: project }, `restore-cli-${run}`);
    apps.push(app);
    await Promise.all([fill(getFirestore(app), STATE), fill(getFirestore(app, 'restore-drill'), { ...STATE, patients: 2 })]);
    const dir = mkdtempSync(join(tmpdir(), 'restore-drill-'));
    try {
      const record = join(dir, 'drills', 'record.json');
      const { stdout, stderr, status } = cli(
        project,
        '--restored',
        'restore-drill',
        '--backup',
        'projects/p/locations/l/backups/b',
        '--record',
        record,
      );
      expect(stderr).toBe('');
      expect(stdout).toMatch(/^patients +3 +2 +✘ differs$/m);
      expect(stdout).toMatch(/^appointments +2 +2$/m);
      expect(stdout).toContain('✘ the restored copy differs from the live database');
      expect(status).toBe(1);
      const written = JSON.parse(readFileSync(record, 'utf8'));
      expect(written).toMatchObject({ project, backup: 'projects/p/locations/l/backups/b', result: 'differs' });
      expect(written.counts.patients).toEqual({ live: '3', restored: 2, ok: false });
      expect(written.counts['*/signals']).toEqual({ live: '3', restored: 3, ok: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('when no restored database is named or the time is not one, then it says how to run it and exits 2', () => {
    expect(cli('demo-restore-usage').stderr).toContain('Name the restored database');
    const bad = cli('demo-restore-usage', '--restored', 'restore-drill', '--at', 'yesterday');
    expect(bad.stderr).toContain('--at is not a time: yesterday');
    expect(bad.status).toBe(2);
  });
});

describe('bash ops/restore-drill.sh --help', () => {
  it('prints what the drill does and how to run it, and exits 0', () => {
    const { stdout, status } = spawnSync('bash', ['ops/restore-drill.sh', '--help'], { cwd: ROOT, encoding: 'utf8' });
    expect(stdout).toContain('ops/restore-drill.sh <project-id> [--keep]');
    expect(stdout).toContain('ops/restore-drills/<date>.json');
    expect(status).toBe(0);
  });
});
