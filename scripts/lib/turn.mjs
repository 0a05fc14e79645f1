// @ts-check
// The local TURN relays (docs/visits.md 'TURN in the local stack'): Debian's coturn, as in
// production with the TURN REST API's shared secret (use-auth-secret) and no TCP relays, but on
// loopback, without TLS, and letting loopback peers through (both browsers are on this
// machine). The stack runs three: the one the API's iceServers name (PORTS.turn, capped only
// when TURN_MAX_KBPS says so) and two narrow links the relay tests point a call at
// (e2e/visit-relay.e2e.ts): this kernel has no netem, so a relay's per-session cap (coturn's
// --max-bps) is how a test gets a narrow link.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOST, PORTS } from './ports.mjs';

export const TURNSERVER = process.env.TURNSERVER_PATH ?? '/usr/bin/turnserver';
export const TURN_REALM = 'expmed.local';

/** The narrow links, in kbit/s per direction of each relayed session. */
export const NARROW_RELAYS = [
  { name: 'weak mobile link', port: PORTS.turnWeak, kbps: 120 },
  { name: '3G', port: PORTS.turn3g, kbps: 750 },
];

export const TURN_MISSING = `coturn is not installed (${TURNSERVER}): it relays the video visits' calls. Install it with
  sudo apt-get install -y coturn
(Debian's package; .ci/run installs it on CI). TURNSERVER_PATH points elsewhere if it lives elsewhere.`;

export const turnInstalled = () => existsSync(TURNSERVER);

/**
 * The stack's own relay cap from TURN_MAX_KBPS (kbit/s per direction, e.g. `TURN_MAX_KBPS=120 npm
 * start` to try a weak link by hand); none when unset.
 */
export function mainRelayKbps() {
  const value = process.env.TURN_MAX_KBPS;
  if (!value) return undefined;
  const kbps = Number(value);
  if (!Number.isFinite(kbps) || kbps <= 0) throw new Error(`TURN_MAX_KBPS must be a number of kbit/s, not '${value}'.`);
  return kbps;
}

/**
 * coturn's command line for one relay. `kbps`: coturn's --max-bps counts bytes per second, each
 * direction of a session apart. Each relay gets its own range of relay ports so that two never
 * reach for the same one.
 * @param {{ port: number, secret: string, kbps?: number }} relay
 */
export function turnArgs({ port, secret, kbps }) {
  const relayPorts = 50_000 + (port - PORTS.turn) * 1_000;
  return [
    '-n', // no configuration file: everything is here
    `--listening-ip=${HOST}`,
    `--relay-ip=${HOST}`,
    `--listening-port=${port}`,
    `--min-port=${relayPorts}`,
    `--max-port=${relayPorts + 999}`,
    '--use-auth-secret',
    `--static-auth-secret=${secret}`,
    `--realm=${TURN_REALM}`,
    '--no-tls',
    '--no-dtls',
    '--no-cli',
    // coturn refuses 127.0.0.0/8 peers by default; here both browsers are on loopback. So
    // production's denied-peer-ip list (ops/turn/startup.sh) is not here; its no-tcp-relay is.
    '--allow-loopback-peers',
    '--no-multicast-peers',
    '--no-tcp-relay',
    ...(kbps ? [`--max-bps=${Math.round((kbps * 1000) / 8)}`] : []),
    '--log-file=stdout',
    '--simple-log',
    `--pidfile=${join(tmpdir(), `expmed-turnserver-${port}.pid`)}`,
  ];
}
