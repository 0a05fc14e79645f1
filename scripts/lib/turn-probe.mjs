// @ts-check
// One TURN allocation (RFC 8656) with a given credential, as a browser makes it before a
// relayed call: Allocate, the server's 401 with its realm and nonce, Allocate again signed with
// MESSAGE-INTEGRITY (long-term credential: key = MD5(username:realm:password)), the relayed
// address back; then Refresh with lifetime 0 frees it. Over UDP, TCP or TLS as the URL says
// (turn:host:3478?transport=udp, turns:host:443?transport=tcp). `npm run deploy:check -- --online`
// uses it to prove the TURN server accepts what the API mints from TURN_SHARED_SECRET, and
// scripts/__tests__/turn-probe.test.ts to prove what the production relay refuses: a TCP relay
// (RFC 6062) and a permission to a peer it must not reach (CreatePermission, RFC 8656 §9).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { connect as tcpConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

const MAGIC = 0x2112a442;
const ALLOCATE = 0x0003;
const REFRESH = 0x0004;
const CREATE_PERMISSION = 0x0008;
const SUCCESS = 0x0100;
const ERROR = 0x0110;
const ATTR = {
  USERNAME: 0x0006,
  MESSAGE_INTEGRITY: 0x0008,
  ERROR_CODE: 0x0009,
  LIFETIME: 0x000d,
  XOR_PEER_ADDRESS: 0x0012,
  REALM: 0x0014,
  NONCE: 0x0015,
  XOR_RELAYED_ADDRESS: 0x0016,
  REQUESTED_TRANSPORT: 0x0019,
};

/**
 * @param {string} url turn:host[:port][?transport=udp|tcp] or turns:...
 * @returns {{ secure: boolean, host: string, port: number, transport: 'udp' | 'tcp' }}
 */
export function parseTurnUrl(url) {
  const match = /^(turns?):(\[[^\]]+\]|[^:?]+)(?::(\d+))?(?:\?transport=(udp|tcp))?$/.exec(url);
  if (!match) throw new Error(`${url} is not a turn: or turns: address.`);
  const secure = match[1] === 'turns';
  return {
    secure,
    host: match[2].replace(/^\[|\]$/g, ''),
    port: Number(match[3] ?? (secure ? 5349 : 3478)),
    transport: secure ? 'tcp' : /** @type {'udp' | 'tcp'} */ (match[4] ?? 'udp'),
  };
}

/**
 * A STUN message; with `key`, signed with MESSAGE-INTEGRITY.
 * @param {number} type
 * @param {Buffer} id 12-byte transaction id
 * @param {[number, Buffer][]} attributes
 * @param {Buffer} [key]
 */
function encode(type, id, attributes, key) {
  const body = Buffer.concat(
    attributes.map(([attr, value]) => {
      const head = Buffer.alloc(4);
      head.writeUInt16BE(attr, 0);
      head.writeUInt16BE(value.length, 2);
      return Buffer.concat([head, value, Buffer.alloc((4 - (value.length % 4)) % 4)]);
    }),
  );
  const header = Buffer.alloc(20);
  header.writeUInt16BE(type, 0);
  header.writeUInt16BE(body.length + (key ? 24 : 0), 2);
  header.writeUInt32BE(MAGIC, 4);
  id.copy(header, 8);
  const message = Buffer.concat([header, body]);
  if (!key) return message;
  const integrity = Buffer.alloc(4);
  integrity.writeUInt16BE(ATTR.MESSAGE_INTEGRITY, 0);
  integrity.writeUInt16BE(20, 2);
  return Buffer.concat([message, integrity, createHmac('sha1', key).update(message).digest()]);
}

/** @param {Buffer} message */
function decode(message) {
  const type = message.readUInt16BE(0);
  /** @type {Map<number, Buffer>} */
  const attributes = new Map();
  for (let at = 20; at + 4 <= 20 + message.readUInt16BE(2);) {
    const attr = message.readUInt16BE(at);
    const length = message.readUInt16BE(at + 2);
    attributes.set(attr, message.subarray(at + 4, at + 4 + length));
    at += 4 + length + ((4 - (length % 4)) % 4);
  }
  return { type, id: message.subarray(8, 20), attributes };
}

/** XOR-RELAYED-ADDRESS as ip:port (IPv4). @param {Buffer} value */
function xorAddress(value) {
  const port = value.readUInt16BE(2) ^ (MAGIC >>> 16);
  const ip = [0, 1, 2, 3].map((i) => value[4 + i] ^ ((MAGIC >>> (24 - 8 * i)) & 0xff)).join('.');
  return `${ip}:${port}`;
}

/** An IPv4 address as XOR-PEER-ADDRESS (port 0: a permission is for the address alone). @param {string} ip */
function xorPeer(ip) {
  const parts = ip.split('.').map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isInteger(n) || n < 0 || n > 255))
    throw new Error(`${ip} is not an IPv4 address.`);
  const value = Buffer.alloc(8);
  value.writeUInt16BE(0x0001, 0); // family IPv4
  value.writeUInt16BE(MAGIC >>> 16, 2); // port 0, XORed
  value.writeUInt32BE((parts.reduce((n, part) => n * 256 + part, 0) ^ MAGIC) >>> 0, 4);
  return value;
}

/**
 * A connection that sends a request and resolves with the answer carrying its transaction id.
 * @param {ReturnType<typeof parseTurnUrl>} server
 * @param {{ ca?: string | Buffer }} options
 * @returns {Promise<{ request: (message: Buffer) => Promise<Buffer>, close: () => void }>}
 */
async function open(server, options) {
  /** @type {Map<string, (message: Buffer) => void>} */
  const waiting = new Map();
  const deliver = (/** @type {Buffer} */ message) => waiting.get(message.subarray(8, 20).toString('hex'))?.(message);
  const answer = (/** @type {Buffer} */ message) =>
    new Promise((resolve) => waiting.set(message.subarray(8, 20).toString('hex'), resolve));

  if (server.transport === 'udp') {
    const socket = createSocket(server.host.includes(':') ? 'udp6' : 'udp4');
    socket.on('message', deliver);
    socket.on('error', () => {}); // an unreachable port: the caller's timeout says so
    /** @type {Set<ReturnType<typeof setInterval>>} */
    const resending = new Set();
    return {
      async request(message) {
        const reply = answer(message);
        // UDP loses packets: send again every 500 ms until the answer comes (or close() ends it).
        const resend = () => socket.send(message, server.port, server.host);
        resend();
        const timer = setInterval(resend, 500);
        resending.add(timer);
        try {
          return await reply;
        } finally {
          clearInterval(timer);
          resending.delete(timer);
        }
      },
      close() {
        for (const timer of resending) clearInterval(timer);
        socket.close();
      },
    };
  }

  const stream = await new Promise((resolve, reject) => {
    const s = server.secure
      ? tlsConnect({ host: server.host, port: server.port, servername: server.host, ca: options.ca }, () => resolve(s))
      : tcpConnect({ host: server.host, port: server.port }, () => resolve(s));
    s.once('error', reject);
  });
  let pending = Buffer.alloc(0);
  stream.on('data', (/** @type {Buffer} */ chunk) => {
    pending = Buffer.concat([pending, chunk]);
    // Over a stream, messages follow one another: each is its 20-byte header plus the length it names.
    while (pending.length >= 20 && pending.length >= 20 + pending.readUInt16BE(2)) {
      const size = 20 + pending.readUInt16BE(2);
      deliver(pending.subarray(0, size));
      pending = pending.subarray(size);
    }
  });
  stream.on('error', () => {});
  return {
    request(message) {
      const reply = answer(message);
      stream.write(message);
      return reply;
    },
    close: () => stream.destroy(),
  };
}

/**
 * Allocates a relay on the TURN server at `url` with the credential, frees it, and returns the
 * relayed address; throws an Error saying what went wrong (no answer, refused, and why).
 * `relay`: the relayed transport asked for (a browser always asks for UDP; 'tcp' is RFC 6062's).
 * `peer`: an IPv4 address to ask a permission for before freeing it, as a browser does for
 * each of the other side's candidates; a refusal throws.
 * @param {string} url
 * @param {{ username: string, credential: string }} credential
 * @param {{ timeoutMs?: number, ca?: string | Buffer, relay?: 'udp' | 'tcp', peer?: string }} [options]
 * @returns {Promise<string>}
 */
export async function turnAllocate(url, { username, credential }, { timeoutMs = 5000, ca, relay = 'udp', peer } = {}) {
  const server = parseTurnUrl(url);
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s.`)), timeoutMs);
  });
  /** @type {Awaited<ReturnType<typeof open>> | undefined} */
  let connection;
  const exchange = async () => {
    connection = await open(server, { ca });
    const transport = Buffer.from([relay === 'tcp' ? 6 : 17, 0, 0, 0]); // IANA protocol numbers
    const first = decode(await connection.request(encode(ALLOCATE, randomBytes(12), [[ATTR.REQUESTED_TRANSPORT, transport]])));
    const realm = first.attributes.get(ATTR.REALM);
    const nonce = first.attributes.get(ATTR.NONCE);
    if (first.type !== (ALLOCATE | ERROR) || !realm || !nonce)
      throw new Error('the server did not ask for a credential (is this a TURN server with use-auth-secret?).');
    const key = createHash('md5')
      .update(`${username}:${realm.toString('utf8')}:${credential}`)
      .digest();
    const signed = /** @type {[number, Buffer][]} */ ([
      [ATTR.USERNAME, Buffer.from(username)],
      [ATTR.REALM, realm],
      [ATTR.NONCE, nonce],
    ]);
    const second = decode(
      await connection.request(encode(ALLOCATE, randomBytes(12), [[ATTR.REQUESTED_TRANSPORT, transport], ...signed], key)),
    );
    if (second.type === (ALLOCATE | ERROR)) throw new Error(`refused: ${errorCode(second.attributes.get(ATTR.ERROR_CODE))}.`);
    const relayed = second.attributes.get(ATTR.XOR_RELAYED_ADDRESS);
    if (second.type !== (ALLOCATE | SUCCESS) || !relayed) throw new Error('an answer that is not an allocation.');
    const permit = peer
      ? decode(
          await connection.request(
            encode(CREATE_PERMISSION, randomBytes(12), [[ATTR.XOR_PEER_ADDRESS, xorPeer(peer)], ...signed], key),
          ),
        )
      : undefined;
    await connection.request(encode(REFRESH, randomBytes(12), [[ATTR.LIFETIME, Buffer.alloc(4)], ...signed], key));
    if (permit && permit.type !== (CREATE_PERMISSION | SUCCESS))
      throw new Error(`permission for ${peer} refused: ${errorCode(permit.attributes.get(ATTR.ERROR_CODE))}.`);
    return xorAddress(relayed);
  };
  try {
    return await Promise.race([exchange(), timeout]);
  } catch (err) {
    const { code, message } = /** @type {NodeJS.ErrnoException} */ (err);
    throw new Error(code ? `cannot connect (${message}).` : message);
  } finally {
    clearTimeout(timer);
    connection?.close();
  }
}

/** ERROR-CODE as "401 Unauthorized". @param {Buffer | undefined} value */
const errorCode = (value) =>
  value ? `${(value[2] & 7) * 100 + value[3]} ${value.subarray(4).toString('utf8')}`.trim() : 'no error code';
