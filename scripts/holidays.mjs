// @ts-check
// `npm run holidays`: closes the coming 12 months' public holidays of Ghana (functions/src/seed/ghana-holidays.ts,
// docs/front-desk.md) in the clinic's calendar, only where a day has no closure yet; run it after deploying and once
// a year after updating the list. Against the Firestore emulator when FIRESTORE_EMULATOR_HOST is set, else against
// the real project of GOOGLE_APPLICATION_CREDENTIALS or gcloud's application default credentials (GCLOUD_PROJECT
// or GOOGLE_CLOUD_PROJECT names the project). Runs the built functions/lib (npm run build).
import { join } from 'node:path';
import { require, startFirestoreScript } from './lib/firebase-admin.mjs';
import { ROOT } from './lib/install.mjs';

const { getFirestore } = require('firebase-admin/firestore');

const { where } = startFirestoreScript('holidays');

try {
  /** @type {any} */
  const { seedHolidays } = await import(join(ROOT, 'functions/lib/seed/holidays.js'));
  console.log(`Closed ${await seedHolidays(getFirestore())} public holidays of the next 12 months in ${where}.`);
  process.exit(0);
} catch (err) {
  console.error(`Loading the holidays failed in ${where}: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
