// @ts-check
// The operator scripts' firebase-admin start-up, once (backfill, catalog:import, grant, holidays):
// against the local emulator when its address is set, else against the real project with
// application-default credentials (GOOGLE_APPLICATION_CREDENTIALS or `gcloud auth
// application-default login`); GCLOUD_PROJECT or GOOGLE_CLOUD_PROJECT names the project.
import { createRequire } from 'node:module';

/** firebase-admin as the functions install it (the scripts share their copy). */
export const require = createRequire(new URL('../../functions/package.json', import.meta.url));
const { initializeApp, applicationDefault } = require('firebase-admin/app');

/**
 * Starts the default firebase-admin app. Without a project (none named, no emulator) it prints
 * `missingProject` and exits with `exitCode`; without `missingProject` the credentials may name it.
 * GCLOUD_PROJECT is set to the project: functions/lib's store uses the app made first
 * (store/firebase.ts), so it gets these credentials.
 * @param {{ emulator: string | undefined, missingProject?: string, exitCode?: number }} options
 * @returns {{ app: import('firebase-admin/app').App, projectId: string | undefined }}
 */
export function startFirebaseAdmin({ emulator, missingProject, exitCode = 1 }) {
  const projectId = process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT ?? (emulator ? 'demo-healthcare' : undefined);
  if (!projectId && missingProject) {
    console.error(missingProject);
    process.exit(exitCode);
  }
  if (projectId) process.env.GCLOUD_PROJECT = projectId;
  const app = initializeApp(emulator ? { projectId } : { credential: applicationDefault(), ...(projectId ? { projectId } : {}) });
  return { app, projectId };
}

/**
 * A Firestore script's start-up: against the Firestore emulator when FIRESTORE_EMULATOR_HOST is
 * set, else the named project (without one it says how to name it, for `npm run <command>`).
 * `where` says which, for the script's messages.
 * @param {string} command what the operator runs after `npm run`, e.g. 'backfill'
 * @param {{ exitCode?: number }} [options]
 */
export function startFirestoreScript(command, { exitCode } = {}) {
  const emulator = process.env.FIRESTORE_EMULATOR_HOST;
  const { app, projectId } = startFirebaseAdmin({
    emulator,
    missingProject: `Name the project: GCLOUD_PROJECT=<project id> npm run ${command} (or set FIRESTORE_EMULATOR_HOST for the emulator).`,
    exitCode,
  });
  const where = emulator ? `the Firestore emulator at ${emulator} (${projectId})` : `project ${projectId}`;
  return { app, projectId, where };
}
