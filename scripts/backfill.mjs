// @ts-check
// `npm run backfill`: once after deploying the scheduled jobs, gives records written before them the
// fields the jobs query (appointments' startsAt, subscriptions' status and period); a second run
// changes nothing. Against the Firestore emulator when FIRESTORE_EMULATOR_HOST is set, else against
// the real project of GOOGLE_APPLICATION_CREDENTIALS or gcloud's application default credentials
// (GCLOUD_PROJECT or GOOGLE_CLOUD_PROJECT names the project). Runs the built functions/lib (npm run build).
import { join } from 'node:path';
import { startFirestoreScript } from './lib/firebase-admin.mjs';
import { ROOT } from './lib/install.mjs';

const { where } = startFirestoreScript('backfill');

/**
 * @param {unknown} err
 * @returns {never}
 */
function failed(err) {
  const text = err instanceof Error ? err.message : String(err);
  const hint = /credential/i.test(text)
    ? ' Set GOOGLE_APPLICATION_CREDENTIALS to a service account key of the project, or run `gcloud auth application-default login`.'
    : '';
  console.error(`The backfill failed in ${where}: ${text}${hint}`);
  process.exit(1);
}
process.on('uncaughtException', failed);
process.on('unhandledRejection', failed);

try {
  /** @type {any} */
  const { runBackfill } = await import(join(ROOT, 'functions/lib/services/packages/backfill.js'));
  const { appointments, subscriptions } = await runBackfill();
  console.log(`Backfill in ${where}:`);
  console.log(`  appointments: ${appointments.looked} looked at, ${appointments.updated} given startsAt`);
  console.log(`  subscriptions: ${subscriptions.looked} looked at, ${subscriptions.updated} given status and period`);
  process.exit(0);
} catch (err) {
  failed(err);
}
