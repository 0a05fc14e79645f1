/**
 * The TURN allocation `npm run deploy:check -- --online` makes (scripts/lib/turn-probe.mjs),
 * against a real coturn (Debian's turnserver) configured as ops/turn.sh configures production's:
 * use-auth-secret with a static secret, plain on one port and TLS on another. Credentials are
 * minted by the functions' own code (functions/lib, as built).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
const SECRET = 'the-static-auth-secret';
// Ports of this run only (several test runs share the machine).
const PORT = 20000 + (process.pid % 4000) * 2;
const TLS_PORT = PORT + 1;

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built functions, as deploy:check loads them
const { turnCredential } = require(join(ROOT, 'functions/lib/services/visits/ice-servers.js')) as {
  turnCredential: (secret: string, uid: string, now: Date) => { username: string; credential: string };
};

/** turnAllocate in a Node process of its own (Jest loads no ES modules): its address, or its error's message. */
function allocate(url: string, credential: { username: string; credential: string }, timeoutMs = 5000, trust = true) {
  const run = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { turnAllocate } from ${JSON.stringify(join(ROOT, 'scripts/lib/turn-probe.mjs'))};
       const [url, username, credential, timeoutMs, ca] = process.argv.slice(1);
       turnAllocate(url, { username, credential }, { timeoutMs: Number(timeoutMs), ca: ca || undefined })
         .then((relayed) => console.log('relayed ' + relayed), (err) => console.log('error ' + err.message));`,
      url,
      credential.username,
      credential.credential,
      String(timeoutMs),
      trust ? ca : '',
    ],
    { encoding: 'utf8' },
  );
  return run.stdout.trim();
}

let dir: string;
let coturn: ChildProcess;
let ca: string;

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => resolve(socket.end() && true));
    socket.on('error', () => resolve(false));
  });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'turn-probe-'));
  spawnSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost',
    '-addext', 'subjectAltName=DNS:localhost',
    '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
  ], { stdio: 'ignore' }); // prettier-ignore
  ca = readFileSync(join(dir, 'cert.pem'), 'utf8');
  coturn = spawn(
    'turnserver',
    [
      '-n', '--no-cli', '--log-file=stdout', '--simple-log', `--userdb=${join(dir, 'turndb')}`,
      '--listening-ip=127.0.0.1', '--relay-ip=127.0.0.1', `--listening-port=${PORT}`, `--tls-listening-port=${TLS_PORT}`,
      `--cert=${join(dir, 'cert.pem')}`, `--pkey=${join(dir, 'key.pem')}`, '--no-dtls',
      '--use-auth-secret', `--static-auth-secret=${SECRET}`, '--realm=turn.clinic.example',
      `--min-port=${40000 + (process.pid % 200) * 100}`, `--max-port=${40099 + (process.pid % 200) * 100}`,
    ],
    { stdio: 'ignore' },
  ); // prettier-ignore
  for (let tries = 0; !(await listening(TLS_PORT)); tries++) {
    if (tries > 50) throw new Error(`coturn did not listen on ${TLS_PORT}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
afterAll(() => {
  coturn?.kill();
  rmSync(dir, { recursive: true, force: true });
});

const minted = (secret: string) => turnCredential(secret, 'deploy-check', new Date());

describe('a TURN allocation with a credential minted from TURN_SHARED_SECRET', () => {
  it.each([
    `turn:127.0.0.1:${PORT}?transport=udp`,
    `turn:127.0.0.1:${PORT}?transport=tcp`,
    `turns:localhost:${TLS_PORT}?transport=tcp`,
  ])('when the server has the same secret, then %s gives a relayed address', (url) => {
    expect(allocate(url, minted(SECRET))).toMatch(/^relayed 127\.0\.0\.1:\d+$/);
  });

  it("when the server's secret differs, then it is refused with the server's reason", () => {
    expect(allocate(`turn:127.0.0.1:${PORT}?transport=udp`, minted('another-secret'))).toBe('error refused: 401 Unauthorized.');
  });

  it('when the TLS certificate is not one the system trusts, then it says it cannot connect', () => {
    expect(allocate(`turns:localhost:${TLS_PORT}`, minted(SECRET), 5000, false)).toMatch(/^error cannot connect \(/);
  });

  it('when nothing answers on UDP, then it says so after the timeout', () => {
    expect(allocate(`turn:127.0.0.1:${PORT + 2}?transport=udp`, minted(SECRET), 1200)).toBe('error no answer within 1.2 s.');
  });
});
