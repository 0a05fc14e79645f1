// @ts-check
// `npm start`: install what is missing, build, start the local stack, seed, and stay up until Ctrl-C.
import { spawnSync } from 'node:child_process';
import { ensureInstalled, ROOT } from './lib/install.mjs';

const began = Date.now();
ensureInstalled();
const { HOST, PORTS, SITE_URL } = await import('./lib/ports.mjs');
const { StackError, assertPortsFree, seed, startStack } = await import('./lib/stack.mjs');
const { mainRelayKbps, TURN_MISSING, turnInstalled } = await import('./lib/turn.mjs');
const { startMailPrinter } = await import('./lib/mail-printer.mjs');
const { startLocalSchedules } = await import('./lib/local-schedules.mjs');

try {
  await assertPortsFree();
  console.log('Building functions and web...');
  if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) {
    console.error('The build failed: see the lines above.');
    process.exit(1);
  }
  // Without coturn the site runs all the same (two browsers on one machine connect directly).
  const stack = await startStack({ turn: 'if-installed' });
  seed({ holidays: true });
  // The emulator runs no schedules: the SMS sweep and the reminders run here (scripts/lib/local-schedules.mjs).
  const stopSchedules = await startLocalSchedules();
  const stopMailPrinter = startMailPrinter();
  console.log(
    `\nThe site is running at ${SITE_URL} (ready in ${Math.round((Date.now() - began) / 1000)} s). Mails and SMS the site sends are printed here. Press Ctrl-C to stop.`,
  );
  // The built module of functions/src/seed/staff-accounts.ts (the one list the seed and the e2e tests use).
  const built = new URL('../functions/lib/seed/staff-accounts.js', import.meta.url).href;
  /** @type {{ LOCAL_STAFF_ACCOUNTS: Record<string, { email: string, role: string }>, LOCAL_STAFF_PASSWORD: string }} */
  const { LOCAL_STAFF_ACCOUNTS, LOCAL_STAFF_PASSWORD } = await import(built);
  console.log(`The clinic's console: ${SITE_URL}/staff (password ${LOCAL_STAFF_PASSWORD} for each, in this emulator only)`);
  for (const { email, role } of Object.values(LOCAL_STAFF_ACCOUNTS)) console.log(`  ${role.padEnd(6)} ${email}`);
  const cap = mainRelayKbps();
  console.log(
    turnInstalled()
      ? `Video visits' TURN relay: coturn on ${HOST}:${PORTS.turn} (UDP and TCP), ${cap ? `capped at ${cap} kbit/s each way (TURN_MAX_KBPS)` : 'no cap (TURN_MAX_KBPS=120 sets one)'}.`
      : `No TURN relay: ${TURN_MISSING}`,
  );
  console.log('');
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the local stack...');
    stopSchedules();
    await stopMailPrinter();
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (err) {
  if (err instanceof StackError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
