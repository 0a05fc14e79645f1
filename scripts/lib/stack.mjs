// @ts-check
// Starts and stops the local stack: Firestore emulator, the Auth, Functions and Hosting
// emulators of firebase-tools, the payment sandbox and the TURN relays (coturn). Every process
// gets its own process group, so stop() ends each one and whatever it spawned.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { writeEmulatorConfig } from './hosting-config.mjs';
import { ROOT } from './install.mjs';
import { writeLocalSecrets } from './local-secrets.mjs';
import { EMULATOR_ENV, HOST, PORTS, PROJECT_ID, SITE_URL } from './ports.mjs';
import { mainRelayKbps, NARROW_RELAYS, TURN_MISSING, turnArgs, turnInstalled, TURNSERVER } from './turn.mjs';

/** @typedef {import('node:child_process').ChildProcess} ChildProcess */

const PORT_NAMES = {
  [PORTS.site]: 'the site (Hosting emulator)',
  [PORTS.functions]: 'the Functions emulator',
  [PORTS.auth]: 'the Auth emulator',
  [PORTS.firestore]: 'the Firestore emulator',
  [PORTS.paymentSandbox]: 'the payment sandbox',
  [PORTS.mailSink]: "the payment sandbox's SMTP sink",
  [PORTS.emulatorHub]: 'the emulator hub',
  [PORTS.emulatorLogging]: 'the emulator log stream',
  [PORTS.turn]: 'the TURN relay (coturn)',
  [PORTS.turnWeak]: 'the weak-link TURN relay (coturn)',
  [PORTS.turn3g]: 'the 3G TURN relay (coturn)',
};

export class StackError extends Error {}

/** @param {number} port */
function isFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

/** Something accepts connections on the port (the Node emulator speaks gRPC only, so no HTTP check). */
export const isListening = async (/** @type {number} */ port) => !(await isFree(port));

export async function assertPortsFree(ports = Object.keys(PORT_NAMES).map(Number)) {
  for (const port of ports) {
    if (!(await isFree(port))) {
      throw new StackError(
        `Port ${port} (${PORT_NAMES[port] ?? 'needed by the stack'}) is already in use: stop what runs there and try again.`,
      );
    }
  }
}

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * @param {() => Promise<boolean>} check
 * @param {string} what
 * @param {ChildProcess[]} children processes whose early exit means failure
 */
async function waitFor(check, what, children, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const dead = children.find((c) => c.exitCode !== null || c.signalCode !== null);
    if (dead) throw new StackError(`${what}: a stack process exited early (code ${dead.exitCode}).`);
    if (await check().catch(() => false)) return;
    await sleep(300);
  }
  throw new StackError(`${what}: not ready after ${timeoutMs / 1000} s.`);
}

/** @param {string} url */
const answers200 = async (url) => (await fetch(url)).status === 200;

/**
 * @param {{ logFile?: string, turn?: 'required' | 'if-installed' }} options  logFile: send the
 * emulators' output there instead of the console. turn: whether a missing coturn stops the start
 * (the tests need it) or only warns (npm start: calls still connect directly on one machine).
 */
export async function startStack({ logFile, turn = 'required' } = {}) {
  const relaying = turnInstalled();
  if (!relaying && turn === 'required') throw new StackError(TURN_MISSING);
  if (!relaying) console.warn(`${TURN_MISSING}\nStarting without the relay.`);
  await assertPortsFree();
  // The API's secrets, the TURN shared secret among them (functions/.secret.local, git ignores it).
  const secrets = writeLocalSecrets();
  /** @type {ChildProcess[]} */
  const children = [];
  const out = logFile ? createWriteStream(logFile) : undefined;
  // The tests read every log the stack writes for a credential (e2e/gateway-logs.e2e.ts).
  if (logFile) process.env.STACK_LOG_FILE = logFile;
  // Each process pipes two streams into it (Node warns past 10 listeners of a kind).
  out?.setMaxListeners(20);
  /** @param {string} cmd @param {string[]} args @param {NodeJS.ProcessEnv} env @param {boolean} [quiet] nothing on the console */
  const run = (cmd, args, env, quiet = false) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      env: { ...process.env, ...EMULATOR_ENV, ...env },
      detached: true,
      stdio: out ? ['ignore', 'pipe', 'pipe'] : quiet ? 'ignore' : ['ignore', 'inherit', 'inherit'],
    });
    if (out) {
      child.stdout?.pipe(out, { end: false });
      child.stderr?.pipe(out, { end: false });
    }
    children.push(child);
    return child;
  };
  // The official Firestore emulator is a JVM under a shell under our launcher: the port frees a
  // moment after the launcher exits, so stopping waits for it (the next stack needs the port).
  const stop = async () => {
    await stopAll(children);
    for (let i = 0; i < 50 && (await isListening(PORTS.firestore)); i++) await sleep(200);
  };
  const stack = { children, stop };

  try {
    // Our own launcher: the official Cloud SDK emulator (with firestore.rules), or the Node
    // fallback where the component is missing; it prints which one runs.
    const only = ['auth', 'functions', 'hosting'];
    const firestore = run(process.execPath, ['scripts/firestore-emulator.mjs'], {});
    firestore.stdout?.on('data', (/** @type {Buffer} */ chunk) => {
      const line = chunk
        .toString()
        .split('\n')
        .find((l) => l.startsWith('Firestore emulator'));
      if (line) console.log(line);
    });
    await waitFor(() => isListening(PORTS.firestore), 'Firestore emulator', children);
    // The provider's stand-in: the functions' .env.local points the payments at it.
    run(process.execPath, ['scripts/payment-sandbox.mjs'], {});
    // The relays: the API's own (functions/.env.local TURN_URLS) and the tests' narrow links.
    const relays = relaying ? [{ port: PORTS.turn, kbps: mainRelayKbps() }, ...NARROW_RELAYS] : [];
    // coturn's start-up banner is long and the console (npm start) needs none of it; a relay
    // that cannot start is named below (the logFile of the tests' stacks keeps its output).
    for (const relay of relays) run(TURNSERVER, turnArgs({ ...relay, secret: secrets.TURN_SHARED_SECRET }), {}, true);
    const firebaseBin = join(ROOT, 'node_modules', '.bin', 'firebase');
    // firebase.json is production's; the emulators get its local twin (scripts/lib/hosting-config.mjs).
    const config = writeEmulatorConfig(ROOT);
    // At start firebase-tools asks npm for firebase-functions' latest version only to suggest an
    // upgrade, blocking its event loop meanwhile (the Auth emulator cannot answer): seconds of
    // every start, and the full timeout without a network. Offline, npm answers from its cache at once.
    run(firebaseBin, ['emulators:start', '--config', config, '--only', only.join(','), '--project', PROJECT_ID], {
      npm_config_offline: 'true',
    });
    await waitFor(() => answers200(`http://${HOST}:${PORTS.auth}/`), 'Auth emulator', children);
    await waitFor(() => answers200(`${SITE_URL}/api/health`), 'API through Hosting', children);
    await waitFor(() => answers200(`http://${HOST}:${PORTS.paymentSandbox}/health`), 'Payment sandbox', children);
    for (const { port } of relays) await waitFor(() => isListening(port), `TURN relay on port ${port}`, children);
    return stack;
  } catch (err) {
    await stack.stop();
    throw err;
  }
}

/** @param {ChildProcess[]} children */
async function stopAll(children) {
  const alive = (/** @type {ChildProcess} */ c) => c.exitCode === null && c.signalCode === null;
  for (const child of children.filter(alive)) {
    try {
      process.kill(-(/** @type {number} */ (child.pid)), 'SIGINT');
    } catch {
      /* already gone */
    }
  }
  const deadline = Date.now() + 15_000;
  while (children.some(alive) && Date.now() < deadline) await sleep(200);
  for (const child of children.filter(alive)) {
    try {
      process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}

/**
 * Loads the catalog into the running Firestore emulator (idempotent); with holidays, also closes
 * the coming public holidays (npm start; test stacks leave them out so no random test day is closed).
 * @param {{ holidays?: boolean }} [options]
 */
export function seed({ holidays = false } = {}) {
  const result = spawnSync(process.execPath, ['functions/lib/seed/run.js'], {
    cwd: ROOT,
    env: { ...process.env, ...EMULATOR_ENV, SEED_HOLIDAYS: holidays ? 'yes' : 'no' },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new StackError('Seeding the catalog failed.');
}
