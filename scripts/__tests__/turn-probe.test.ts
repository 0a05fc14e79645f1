/**
 * The TURN allocation `npm run deploy:check -- --online` makes (scripts/lib/turn-probe.mjs),
 * against a real coturn (Debian's turnserver) running the configuration the production VM
 * writes at boot (ops/turn/startup.sh), on this machine's ports; and what that configuration
 * refuses: TCP relays and peers the relay must never reach; and the VM's daily check of the
 * certificate it serves. Credentials are minted by the functions' own code (functions/lib, as built).
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
// The VM's public address as the test's coturn advertises it (TEST-NET-3, RFC 5737): not a
// loopback one, so a refusal of it is the relay refusing its own address, not loopback.
const PUBLIC_IP = '203.0.113.7';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built functions, as deploy:check loads them
const { turnCredential } = require(join(ROOT, 'functions/lib/services/visits/ice-servers.js')) as {
  turnCredential: (secret: string, uid: string, expiresAt: Date) => { username: string; credential: string };
};

interface Probe {
  timeoutMs?: number;
  trust?: boolean;
  relay?: 'udp' | 'tcp';
  peer?: string;
}

/** turnAllocate in a Node process of its own (Jest loads no ES modules): its address, or its error's message. */
function allocate(url: string, credential: { username: string; credential: string }, probe: Probe = {}) {
  const { timeoutMs = 5000, trust = true, relay, peer } = probe;
  const run = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { turnAllocate } from ${JSON.stringify(join(ROOT, 'scripts/lib/turn-probe.mjs'))};
       const [url, username, credential, options] = process.argv.slice(1);
       turnAllocate(url, { username, credential }, JSON.parse(options))
         .then((relayed) => console.log('relayed ' + relayed), (err) => console.log('error ' + err.message));`,
      url,
      credential.username,
      credential.credential,
      JSON.stringify({ timeoutMs, ca: trust ? ca : undefined, relay, peer }),
    ],
    { encoding: 'utf8' },
  );
  return run.stdout.trim();
}

let dir: string;
let coturn: ChildProcess;
let ca: string;
let conf: string;
let coturnLog = '';

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
  conf = /cat >\/etc\/turnserver.conf <<CONF\n([\s\S]*?)\nCONF\n/
    .exec(startup)![1]
    .replaceAll('$PRIVATE_IP', '127.0.0.1')
    .replaceAll('$PUBLIC_IP', PUBLIC_IP)
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
  coturn = spawn('turnserver', ['-c', join(dir, 'turnserver.conf'), `--userdb=${join(dir, 'turndb')}`], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  coturn.stdout!.on('data', (chunk: Buffer) => (coturnLog += chunk.toString()));
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
const UDP = `turn:127.0.0.1:${PORT}?transport=udp`;
const TCP = `turn:127.0.0.1:${PORT}?transport=tcp`;

describe('a TURN allocation with a credential minted from TURN_SHARED_SECRET', () => {
  it.each([
    ['UDP', UDP],
    ['TCP', TCP],
    ['TLS', `turns:localhost:${TLS_PORT}?transport=tcp`],
  ])('when the server has the same secret, then it allocates a relay over %s, on its public address', (_, url) => {
    expect(allocate(url, minted(SECRET))).toMatch(/^relayed 203\.0\.113\.7:\d+$/);
  });

  it("when the server's secret differs, then it is refused with the server's reason", () => {
    expect(allocate(UDP, minted('another-secret'))).toBe('error refused: 401 Unauthorized.');
  });

  it('when the credential has expired, then it is refused', () => {
    expect(allocate(UDP, turnCredential(SECRET, 'deploy-check', new Date(Date.now() - 60_000)))).toBe(
      'error refused: 401 Unauthorized.',
    );
  });

  it('when the TLS certificate is not one the system trusts, then it says it cannot connect', () => {
    expect(allocate(`turns:localhost:${TLS_PORT}`, minted(SECRET), { trust: false })).toMatch(/^error cannot connect \(/);
  });

  it('when nothing answers on UDP, then it says so after the timeout', () => {
    expect(allocate(`turn:127.0.0.1:${PORT + 2}?transport=udp`, minted(SECRET), { timeoutMs: 1200 })).toBe(
      'error no answer within 1.2 s.',
    );
  });
});

describe('what the production relay refuses', () => {
  it('when a client asks for a TCP relay (RFC 6062) over TCP, then it is refused: browsers relay UDP only', () => {
    expect(allocate(TCP, minted(SECRET), { relay: 'tcp' })).toMatch(/^error refused: 442 TCP Transport is not allowed/);
  });

  it('when the peer is an address on the internet, then the relay lets it in', () => {
    expect(allocate(UDP, minted(SECRET), { peer: '198.51.100.20' })).toMatch(/^relayed 203\.0\.113\.7:\d+$/);
  });

  it.each([
    ['its own public address', PUBLIC_IP],
    ["its own network (the VM's subnet, 10/8)", '10.8.16.2'],
    ["Google's metadata server (link-local)", '169.254.169.254'],
    ['loopback', '127.0.0.1'],
    ['this network (0/8)', '0.0.0.1'],
    ['carrier-grade NAT space (100.64/10)', '100.64.0.1'],
    ['a private network (172.16/12)', '172.31.255.254'],
    ['a private network (192.168/16)', '192.168.1.1'],
    ['IETF protocol space (192.0.0/24)', '192.0.0.8'],
    ['benchmarking space (198.18/15)', '198.19.0.1'],
    ['reserved space and broadcast (240/4)', '255.255.255.255'],
    ['multicast', '224.0.0.1'],
  ])('when the peer is %s, then the permission is refused', (_, peer) => {
    expect(allocate(UDP, minted(SECRET), { peer })).toBe(`error permission for ${peer} refused: 403 Forbidden IP.`);
  });

  it('the IPv6 ranges are ones coturn took (its relay is IPv4 only, so no IPv6 peer is reached today)', () => {
    for (const range of ['::1', '64:ff9b::-64:ff9b::ffff:ffff', 'fc00::-fdff:', 'fe80::-febf:']) {
      expect(conf).toContain(`denied-peer-ip=${range}`);
      expect(coturnLog).toContain(`Black listing: ${range}`);
    }
  });
});

/**
 * The relay's daily certificate check (ops/turn/startup.sh writes /usr/local/bin/turn-certificate-check),
 * as the VM renders it, against this coturn and its one-day certificate; `gcloud logging write`
 * is a stand-in that writes down the entry it was asked for (what the 'TURN relay certificate
 * ending' alert matches).
 */
describe("the relay's certificate check", () => {
  const check = (replace: (script: string) => string) => {
    const startup = readFileSync(join(ROOT, 'ops/turn/startup.sh'), 'utf8');
    const body = /^cat >\/usr\/local\/bin\/turn-certificate-check <<CHECK\n([\s\S]*?)\nCHECK$/m.exec(startup)![1];
    const rendered = spawnSync('bash', ['-c', `PRIVATE_IP=127.0.0.1 HOST=localhost; cat <<CHECK\n${body}\nCHECK`], {
      encoding: 'utf8',
    }).stdout;
    const bin = mkdtempSync(join(tmpdir(), 'turn-check-'));
    try {
      writeFileSync(join(bin, 'gcloud'), `#!/bin/sh\nprintf '%s|' "$@" >> ${bin}/entries\necho >> ${bin}/entries\n`, {
        mode: 0o755,
      });
      writeFileSync(join(bin, 'check'), replace(rendered), { mode: 0o755 });
      const run = spawnSync(join(bin, 'check'), {
        encoding: 'utf8',
        env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
      });
      expect(run.status).toBe(0);
      return spawnSync('cat', [join(bin, 'entries')], { encoding: 'utf8' }).stdout.trim();
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  };
  const onThisRelay = (script: string) => script.replace('127.0.0.1:443 ', `127.0.0.1:${TLS_PORT} `);

  it('when the certificate the relay serves ends within 21 days, then it writes an ERROR entry naming the host and the end', () => {
    const entry = check(onThisRelay);
    expect(entry).toMatch(
      /^logging\|write\|turn-certificate\|TURN relay localhost: its certificate ends .+ GMT, in under 21 days/,
    );
    expect(entry).toMatch(/\|--severity=ERROR\|$/);
  });

  it('when the certificate has longer than the check asks, then it writes nothing', () => {
    expect(check((script) => onThisRelay(script).replace(/^DAYS=21$/m, 'DAYS=0'))).toBe('');
  });

  it('when nothing serves TLS on the port, then it writes an ERROR entry saying there is no certificate', () => {
    const entry = check((script) => script.replace('127.0.0.1:443 ', `127.0.0.1:${PORT + 3} `));
    expect(entry).toMatch(
      /^logging\|write\|turn-certificate\|TURN relay localhost: no certificate on port 443 \(is coturn running\?\)\|--severity=ERROR\|$/,
    );
  });
});
