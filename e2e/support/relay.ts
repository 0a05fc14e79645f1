/**
 * Calls forced through the local TURN relays (docs/visits.md 'TURN in the local stack'): the
 * stack runs coturn with the secret in functions/.secret.local on PORTS.turn, and two capped
 * copies (scripts/lib/turn.mjs NARROW_RELAYS) a test can point a call at.
 */
import { createHmac } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { localSecret } from './local-env';

/** The relays as scripts/lib/turn.mjs starts them with the stack (ports and caps in kbit/s per direction). */
export const RELAYS = {
  stack: { port: 3478 },
  weak: { port: 3480, kbps: 120 },
  threeG: { port: 3481, kbps: 750 },
} as const;

/** The secret the local coturn checks credentials against (the API mints from the same one). */
export function localTurnSecret(): string {
  return localSecret('TURN_SHARED_SECRET');
}

/** A TURN REST API credential made here, apart from the API's code: username '<unix expiry>:<uid>'. */
export function turnCredential(secret: string, uid: string, expiresAt: Date) {
  const username = `${Math.floor(expiresAt.getTime() / 1000)}:${uid}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

export interface RelayOptions {
  /** Which relay the call goes through: the API's TURN URLs name the stack's; this moves them to another port. */
  port: number;
  /** In place of the credential the API minted (a wrong or expired one). */
  credential?: { username: string; credential: string };
  /** Only for the page's first connection (the relay refuses its allocation); later ones use the API's. */
  firstCredential?: { username: string; credential: string };
}

/**
 * Every RTCPeerConnection the pages of this context make uses only relay candidates
 * (iceTransportPolicy 'relay'), through the ICE servers the page was given by the API, on the
 * chosen relay's port. Keeps what the page asked for in `window.__iceServers` and the ICE
 * errors (a TURN server's refusals) in `window.__iceErrors`. Test-only: an init script.
 */
export async function forceRelay(context: BrowserContext, options: RelayOptions): Promise<void> {
  await context.addInitScript(({ port, credential, firstCredential }) => {
    const Native = window.RTCPeerConnection;
    const asked: RTCIceServer[][] = [];
    const errors: { url: string; errorCode: number; errorText: string }[] = [];
    Object.assign(window, { __iceServers: asked, __iceErrors: errors });
    window.RTCPeerConnection = class extends Native {
      constructor(config: RTCConfiguration = {}) {
        asked.push(config.iceServers ?? []);
        const instead = asked.length === 1 && firstCredential ? firstCredential : credential;
        const iceServers = (config.iceServers ?? []).map((server) => ({
          ...server,
          urls: [server.urls].flat().map((url) => url.replace(/:\d+(\?|$)/, `:${port}$1`)),
          ...(instead && server.username ? instead : {}),
        }));
        super({ ...config, iceServers, iceTransportPolicy: 'relay' });
        this.addEventListener('icecandidateerror', (e) => {
          const { url, errorCode, errorText } = e as RTCPeerConnectionIceErrorEvent;
          errors.push({ url, errorCode, errorText });
        });
      }
    };
  }, options);
}

/** What the page's current connection runs on: the selected candidate pair's two ends. */
export function selectedPair(page: Page) {
  return page.evaluate(async () => {
    const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers;
    const pc = [...peers].reverse().find((p) => p.connectionState !== 'closed');
    const stats = new Map<string, Record<string, unknown>>();
    (await pc!.getStats()).forEach((s: Record<string, unknown>) => stats.set(s.id as string, s));
    const transport = [...stats.values()].find((s) => s.type === 'transport' && s.selectedCandidatePairId);
    const pair = transport && stats.get(transport.selectedCandidatePairId as string);
    const local = pair && stats.get(pair.localCandidateId as string);
    const remote = pair && stats.get(pair.remoteCandidateId as string);
    return {
      local: local?.candidateType as string | undefined,
      localUrl: local?.url as string | undefined,
      remote: remote?.candidateType as string | undefined,
    };
  });
}

/** Whether the page's connections gathered any relay candidate (a TURN allocation that succeeded). */
export function gatheredRelay(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers;
    let found = false;
    for (const pc of peers) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s: { type: string; candidateType?: string }) => {
        if (s.type === 'local-candidate' && s.candidateType === 'relay') found = true;
      });
    }
    return found;
  });
}

/** The ICE errors the page's connections reported, and the servers the page asked for. */
export function iceRecord(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as {
      __iceServers: RTCIceServer[][];
      __iceErrors: { url: string; errorCode: number; errorText: string }[];
    };
    return { asked: w.__iceServers, errors: w.__iceErrors };
  });
}

/** How much a counter grew between two reads; a smaller count means its stream started again. */
const grown = (now: number, then: number) => (now >= then ? now - then : now);

/**
 * Bytes per second received, per kind, and audio packets per second (padding included: it is
 * counted as packets, not as bytes), in each of `count` windows of `ms` in a row. Counted per
 * stream: a renegotiation may add or drop a stream, or rebuild one (Chromium then counts its
 * bytes from 0 again under the same id).
 */
export async function receivedRates(
  page: Page,
  count = 5,
  ms = 2_000,
): Promise<{ audio: number; video: number; audioPackets: number }[]> {
  const received = () =>
    page.evaluate(async () => {
      const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers;
      const pc = [...peers].reverse().find((p) => p.connectionState !== 'closed');
      const streams: Record<string, { kind: string; bytes: number; packets: number }> = {};
      (await pc?.getStats())?.forEach(
        (s: { type: string; id: string; kind?: string; bytesReceived?: number; packetsReceived?: number }) => {
          if (s.type === 'inbound-rtp')
            streams[s.id] = {
              kind: s.kind === 'video' ? 'video' : 'audio',
              bytes: s.bytesReceived ?? 0,
              packets: s.packetsReceived ?? 0,
            };
        },
      );
      return { at: performance.now(), streams };
    });
  const rates: { audio: number; video: number; audioPackets: number }[] = [];
  let before = await received();
  for (let i = 0; i < count; i++) {
    await page.waitForTimeout(ms);
    const after = await received();
    const seconds = (after.at - before.at) / 1000;
    const bytes = { audio: 0, video: 0 };
    let audioPackets = 0;
    for (const [id, now] of Object.entries(after.streams)) {
      const then = before.streams[id] ?? { bytes: 0, packets: 0 };
      bytes[now.kind as 'audio' | 'video'] += grown(now.bytes, then.bytes);
      if (now.kind === 'audio') audioPackets += grown(now.packets, then.packets);
    }
    rates.push({
      audio: Math.round(bytes.audio / seconds),
      video: Math.round(bytes.video / seconds),
      audioPackets: Math.round(audioPackets / seconds),
    });
    before = after;
  }
  return rates;
}
