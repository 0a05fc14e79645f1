/**
 * The TURN allocation `npm run deploy:check -- --online` makes (scripts/lib/turn-probe.mjs),
 * against a real coturn (Debian's turnserver) running the configuration the production VM
 * writes at boot (ops/turn/startup.sh), on this machine's ports. Credentials are minted by the
 * functions' own code (functions/lib, as built).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
const SECRET = 'the-static-auth-secret';
// Ports of this run only (several test runs share the machine).
const PORT = 20000 + (process.pid % 4000) * 2;
const TLS_PORT = PORT + 1;
const RELAY_PORTS = 40000 + (process.pid % 200) * 100;

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built functions, as deploy:check loads them
const { turnCredential } = require(join(ROOT, 'functions/lib/services/visits/ice-servers.js')) as {
  turnCredential: (secret: string, uid: string, expiresAt: Date) => { username: string; credential: string };
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
  // The configuration ops/turn/startup.sh writes on the VM, with this machine's address, ports and certificate.
  const startup = readFileSync(join(ROOT, 'ops/turn/startup.sh'), 'utf8');
  const conf = /cat >\/etc\/turnserver.conf <<CONF\n([\s\S]*?)\nCONF\n/
    .exec(startup)![1]
    .replaceAll('$PRIVATE_IP', '127.0.0.1')
    .replaceAll('$PUBLIC_IP', '127.0.0.1')
    .replaceAll('$HOST', 'localhost')
    .replaceAll('$SECRET', SECRET)
    .replace('/etc/coturn/cert.pem', join(dir, 'cert.pem'))
    .replace('/etc/coturn/key.pem', join(dir, 'key.pem'))
    .replace(/^listening-port=3478$/m, `listening-port=${PORT}`)
    .replace(/^tls-listening-port=443$/m, `tls-listening-port=${TLS_PORT}`)
    .replace(/^min-port=.*$/m, `min-port=${RELAY_PORTS}`)
    .replace(/^max-port=.*$/m, `max-port=${RELAY_PORTS + 99}`)
    .replace(/^syslog$/m, 'log-file=stdout');
  writeFileSync(join(dir, 'turnserver.conf'), conf);
  coturn = spawn('turnserver', ['-c', join(dir, 'turnserver.conf'), `--userdb=${join(dir, 'turndb')}`], { stdio: 'ignore' });
  let missing = '';
  coturn.on('error', (err) => (missing = `${err.message}: install coturn (apt-get install -y coturn; .ci/run does)`));
  for (let tries = 0; !(await listening(TLS_PORT)); tries++) {
    if (missing || tries > 50) throw new Error(missing || `coturn did not listen on ${TLS_PORT}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
afterAll(() => {
  coturn?.kill();
  rmSync(dir, { recursive: true, force: true });
});

const minted = (secret: string) => turnCredential(secret, 'deploy-check', new Date(Date.now() + 10 * 60_000));

describe('a TURN allocation with a credential minted from TURN_SHARED_SECRET', () => {
  it.each([
    ['UDP', `turn:127.0.0.1:${PORT}?transport=udp`],
    ['TCP', `turn:127.0.0.1:${PORT}?transport=tcp`],
    ['TLS', `turns:localhost:${TLS_PORT}?transport=tcp`],
  ])('when the server has the same secret, then it allocates a relay over %s', (_, url) => {
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
