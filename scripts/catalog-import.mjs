// @ts-check
// `npm run catalog:import -- <file.json>`: loads the clinic's catalog (packages, doctors, lab
// tests, product categories, products, projects; the local seed's functions/src/seed/catalog.json
// shows the shape) into the project's Firestore. Validated whole first by the seed's own schemas
// (functions/src/seed/catalog-schema.ts): any problem is listed and nothing is written. Each
// document is written only when it differs, so running it twice changes nothing. Against the
// Firestore emulator when FIRESTORE_EMULATOR_HOST is set, else the project GCLOUD_PROJECT names,
// with application-default credentials (gcloud auth application-default login, or
// GOOGLE_APPLICATION_CREDENTIALS). Runs the built functions/lib (the npm script builds it).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { require, startFirestoreScript } from './lib/firebase-admin.mjs';
import { ROOT } from './lib/install.mjs';

const { getFirestore } = require('firebase-admin/firestore');

const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length) {
  console.error('Usage: GCLOUD_PROJECT=<project id> npm run catalog:import -- <catalog.json>');
  process.exit(2);
}
const { app, where } = startFirestoreScript('catalog:import -- <file>', { exitCode: 2 });

/**
 * @param {unknown} err
 * @returns {never}
 */
function failed(err) {
  const text = err instanceof Error ? err.message : String(err);
  const hint = /credential/i.test(text)
    ? ' Set GOOGLE_APPLICATION_CREDENTIALS to a service account key of the project, or run `gcloud auth application-default login`.'
    : '';
  console.error(`The catalog import into ${where} failed: ${text}${hint}`);
  process.exit(1);
}
process.on('uncaughtException', failed);
process.on('unhandledRejection', failed);

/** @type {unknown} */
let catalog;
try {
  // npm runs scripts from the repository's root; the file is named from where the operator stands.
  catalog = JSON.parse(readFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), file), 'utf8'));
} catch (err) {
  failed(new Error(`${file} is not a readable JSON file (${/** @type {Error} */ (err).message}).`));
}

try {
  /** @type {any} */
  const { importCatalog } = await import(join(ROOT, 'functions/lib/seed/catalog-import.js'));
  const { written, unchanged, availability } = await importCatalog(getFirestore(app), catalog);
  console.log(
    `Catalog import into ${where}: ${written} documents written, ${unchanged} unchanged, ${availability} doctor schedules and service capacities created.`,
  );
  process.exit(0);
} catch (err) {
  failed(err);
}
