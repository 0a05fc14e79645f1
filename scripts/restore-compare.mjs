// @ts-check
// The restore drill's comparison, which ops/restore-drill.sh runs
// (docs/operations.md, 'Backups and the restore drill'): document counts per collection of a
// restored database against the live one as it was at the backup's snapshot time
// (scripts/lib/restore-compare.mjs). Prints the table, writes the drill's record with --record,
// and exits 1 when a count differs.
//
//   GCLOUD_PROJECT=<id> node scripts/restore-compare.mjs --restored <database> [--live <database>]
//     [--at <snapshot time, RFC 3339>] [--backup <backup name>] [--record <file.json>]
//
// Against the Firestore emulator when FIRESTORE_EMULATOR_HOST is set, else the project with
// application-default credentials. Reads the built functions/lib (the visit's nested collections).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { require, startFirestoreScript } from './lib/firebase-admin.mjs';
import { ROOT } from './lib/install.mjs';
import { compareCounts, formatRows } from './lib/restore-compare.mjs';

const { values } = parseArgs({
  options: {
    live: { type: 'string', default: '(default)' },
    restored: { type: 'string' },
    at: { type: 'string' },
    backup: { type: 'string' },
    record: { type: 'string' },
  },
});
if (!values.restored) {
  console.error('Name the restored database: node scripts/restore-compare.mjs --restored <database> [--at <snapshot time>]');
  process.exit(2);
}
const at = values.at === undefined ? undefined : new Date(values.at);
if (at && Number.isNaN(at.getTime())) {
  console.error(`--at is not a time: ${values.at} (RFC 3339, e.g. 2026-12-06T02:00:00Z)`);
  process.exit(2);
}

const { app, projectId, where } = startFirestoreScript('restore-compare');
const { getFirestore, Timestamp } = require('firebase-admin/firestore');
/** @type {Record<string, string>} the nested collections' names, as the site and the API share them */
const visits = await import(join(ROOT, 'functions/lib/api/visits.js'));
const nested = [visits.VISIT_SIGNALS, visits.VISIT_CHAT, visits.VISIT_PRESENCE, visits.VISIT_RATE];

// Point-in-time recovery reads any moment of the last hour, and whole minutes back to 7 days.
const MINUTE = 60_000;
const exact = at && (Date.now() - at.getTime() < 50 * MINUTE || at.getTime() % MINUTE === 0);
const between = at && [
  exact ? at : new Date(Math.floor(at.getTime() / MINUTE) * MINUTE),
  exact ? at : new Date(Math.ceil(at.getTime() / MINUTE) * MINUTE),
];

try {
  const { rows, same } = await compareCounts({
    live: getFirestore(app, values.live),
    restored: getFirestore(app, values.restored),
    between: between && [Timestamp.fromDate(between[0]), Timestamp.fromDate(between[1])],
    nested,
  });
  const when = !between
    ? 'now'
    : exact
      ? `at ${between[0].toISOString()}`
      : `at ${between[0].toISOString()} and ${between[1].toISOString()} (the whole minutes around the snapshot)`;
  console.log(`Documents per collection in ${where}: ${values.live} ${when}, against ${values.restored}:`);
  console.log(formatRows(rows));
  console.log(same ? `✔ the same in all ${rows.length} collections` : '✘ the restored copy differs from the live database');
  if (values.record) {
    const record = {
      project: projectId,
      backup: values.backup ?? null,
      snapshotTime: at?.toISOString() ?? null,
      checkedAt: new Date().toISOString(),
      result: same ? 'same' : 'differs',
      counts: Object.fromEntries(rows.map((row) => [row.collection, { live: row.live, restored: row.restored, ok: row.ok }])),
    };
    mkdirSync(dirname(values.record), { recursive: true });
    writeFileSync(values.record, `${JSON.stringify(record, null, 2)}\n`);
    console.log(`Record: ${values.record}`);
  }
  process.exit(same ? 0 : 1);
} catch (err) {
  console.error(`The comparison failed in ${where}: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
