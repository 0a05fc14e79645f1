// @ts-check
// Runs the Firestore emulator on 127.0.0.1:$FIRESTORE_PORT (default 8080) with firestore.rules:
// the official Cloud Firestore emulator (the Cloud SDK component, Java 17 is enough) when the
// machine has it, else @firestore-emulator/server (Node), which loses concurrent transaction
// updates and enforces no rules (README.md). Prints one line saying which, and
// "listening" once it accepts calls. Kill its process group to stop both it and the JVM.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const port = Number(process.env.FIRESTORE_PORT ?? 8080);
const RULES = join(dirname(fileURLToPath(import.meta.url)), '..', 'firestore.rules');

/** The official emulator's launcher, under the Cloud SDK root, when the component is installed. */
export function officialLauncher() {
  const roots = ['/usr/lib/google-cloud-sdk'];
  const gcloud = spawnSync('gcloud', ['info', '--format=value(installation.sdk_root)'], { encoding: 'utf8' });
  if (gcloud.status === 0 && gcloud.stdout.trim()) roots.unshift(gcloud.stdout.trim());
  return roots
    .map((root) => join(root, 'platform', 'cloud-firestore-emulator', 'cloud_firestore_emulator'))
    .find((launcher) => existsSync(launcher));
}

async function startOfficial(/** @type {string} */ launcher) {
  const child = spawn(
    launcher,
    ['start', '--host=127.0.0.1', `--port=${port}`, `--rules=${RULES}`, '--database-mode=firestore-native'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let announced = false;
  const watch = (/** @type {Buffer} */ chunk) => {
    const text = chunk.toString();
    if (process.env.FIRESTORE_EMULATOR_VERBOSE) process.stderr.write(text);
    if (!announced && text.includes('Dev App Server is now running')) {
      announced = true;
      console.log(`Firestore emulator (official, Cloud SDK) listening on 127.0.0.1:${port}`);
    }
  };
  child.stdout.on('data', watch);
  child.stderr.on('data', watch);
  child.on('exit', (code) => process.exit(code ?? 1));
  const stop = () => child.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function startNode() {
  const { FirestoreServer } = await import('@firestore-emulator/server');
  const server = new FirestoreServer();
  await server.start(port);
  console.log(
    `Firestore emulator (Node fallback: no rules, loses concurrent transaction updates) listening on 127.0.0.1:${port}`,
  );
  const stop = () => {
    server.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const launcher = process.env.FIRESTORE_EMULATOR === 'node' ? undefined : officialLauncher();
  if (launcher) await startOfficial(launcher);
  else await startNode();
}
