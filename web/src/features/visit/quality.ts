/**
 * The call's connection quality, from the browser's own WebRTC statistics (getStats), and the
 * weak-link rule that turns video off by itself (docs/visits.md). Pure: the page feeds it
 * samples every couple of seconds; tests feed it hand-picked ones.
 */

/** What one getStats() reading says, summed over the call's streams. */
export interface StatsSample {
  /** When it was read (ms, any monotonic clock). */
  at: number;
  /** Round trip to the other side (ms), from the selected candidate pair or the remote's reports. */
  rttMs?: number;
  /** The browser's estimate of what it can send (bits/s: the candidate pair's availableOutgoingBitrate). */
  outgoingEstimateBps?: number;
  bytesSent: number;
  bytesReceived: number;
  packetsReceived: number;
  packetsLost: number;
  /** Packets this side sent, and of those the other side's reports count as lost (remote-inbound-rtp). */
  packetsSent: number;
  sentPacketsLost: number;
  /** The sound alone: packets this side sent and received (DTX still sends one every 400 ms in silence). */
  audioPacketsSent: number;
  audioPacketsReceived: number;
}

export type QualityLabel = 'Good' | 'Fair' | 'Poor';

export interface Quality {
  label: QualityLabel;
  rttMs?: number;
  /** Share of the packets sent to us over the last interval that never came (0-100). */
  lossPercent: number;
  /** What we actually sent and received over the last interval (kbit/s). */
  sendKbps: number;
  receiveKbps: number;
  /** The browser's estimate of what we could send (kbit/s), when it gives one. */
  estimateKbps?: number;
}

/** Below this outgoing estimate for WEAK_LINK_SECONDS, video is turned off (about what a small video needs). */
export const WEAK_LINK_KBPS = 150;
export const WEAK_LINK_SECONDS = 10;
/**
 * ...or when the other side reports this share (%) of what this side sends as lost. A link that
 * drops what exceeds its rate, rather than queueing it, can keep the browser's estimate above
 * WEAK_LINK_KBPS while a third of the packets, the voice's among them, never arrive (the 120
 * kbit/s relay: estimates of about 170-200 kbit/s at 30-40% loss for 30 s; docs/visit-page.md).
 */
export const WEAK_LINK_LOSS_PERCENT = 10;

/** Where the label changes: a conversation stays easy below the first, hard past the second. */
const FAIR = { rttMs: 300, lossPercent: 2, videoKbps: 300 };
const POOR = { rttMs: 700, lossPercent: 8, videoKbps: WEAK_LINK_KBPS };

type StatsEntry = Record<string, unknown> & { type: string; id: string };
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** One sample from an RTCStatsReport (a map from ids to entries), or a list of its entries. */
export function sampleOf(report: { values(): Iterable<StatsEntry> }, at: number): StatsSample {
  const entries = [...report.values()];
  const byId = new Map(entries.map((e) => [e.id, e]));
  // The pair in use: the transport names it; older browsers only flag it as nominated and succeeded.
  const transport = entries.find((e) => e.type === 'transport' && typeof e.selectedCandidatePairId === 'string');
  const pair =
    (transport && byId.get(transport.selectedCandidatePairId as string)) ??
    entries.find((e) => e.type === 'candidate-pair' && e.nominated === true && e.state === 'succeeded');
  const sample: StatsSample = {
    at,
    bytesSent: 0,
    bytesReceived: 0,
    packetsReceived: 0,
    packetsLost: 0,
    packetsSent: 0,
    sentPacketsLost: 0,
    audioPacketsSent: 0,
    audioPacketsReceived: 0,
  };
  const pairRtt = num(pair?.currentRoundTripTime);
  const remoteRtts: number[] = [];
  for (const e of entries) {
    if (e.type === 'outbound-rtp') {
      sample.bytesSent += num(e.bytesSent) ?? 0;
      sample.packetsSent += num(e.packetsSent) ?? 0;
    }
    if (e.type === 'outbound-rtp' && e.kind === 'audio') sample.audioPacketsSent += num(e.packetsSent) ?? 0;
    if (e.type === 'inbound-rtp' && e.kind === 'audio') sample.audioPacketsReceived += num(e.packetsReceived) ?? 0;
    if (e.type === 'inbound-rtp') {
      sample.bytesReceived += num(e.bytesReceived) ?? 0;
      sample.packetsReceived += num(e.packetsReceived) ?? 0;
      sample.packetsLost += Math.max(0, num(e.packetsLost) ?? 0);
    }
    if (e.type === 'remote-inbound-rtp') sample.sentPacketsLost += Math.max(0, num(e.packetsLost) ?? 0);
    if (e.type === 'remote-inbound-rtp' && num(e.roundTripTime) !== undefined) remoteRtts.push(num(e.roundTripTime)!);
  }
  const rttSeconds = pairRtt ?? (remoteRtts.length ? Math.max(...remoteRtts) : undefined);
  if (rttSeconds !== undefined) sample.rttMs = Math.round(rttSeconds * 1000);
  const estimate = num(pair?.availableOutgoingBitrate);
  if (estimate !== undefined) sample.outgoingEstimateBps = estimate;
  return sample;
}

const kbps = (bytes: number, ms: number) => (ms > 0 ? Math.max(0, Math.round((bytes * 8) / ms)) : 0);

/**
 * The quality between two samples. `sendingVideo`: whether a bitrate too low for video counts
 * against it (an audio-only call needs about 30 kbit/s and is judged on delay and loss).
 */
export function qualityBetween(previous: StatsSample, current: StatsSample, sendingVideo: boolean): Quality {
  const ms = current.at - previous.at;
  const received = current.packetsReceived - previous.packetsReceived;
  const lost = Math.max(0, current.packetsLost - previous.packetsLost);
  const lossPercent = received + lost > 0 ? Math.round((lost / (received + lost)) * 1000) / 10 : 0;
  const estimateKbps = current.outgoingEstimateBps === undefined ? undefined : Math.round(current.outgoingEstimateBps / 1000);
  const quality: Omit<Quality, 'label'> = {
    rttMs: current.rttMs,
    lossPercent,
    sendKbps: kbps(current.bytesSent - previous.bytesSent, ms),
    receiveKbps: kbps(current.bytesReceived - previous.bytesReceived, ms),
    estimateKbps,
  };
  return { label: labelOf(quality, sendingVideo), ...quality };
}

function labelOf(q: Omit<Quality, 'label'>, sendingVideo: boolean): QualityLabel {
  const rtt = q.rttMs ?? 0;
  const videoKbps = sendingVideo ? q.estimateKbps : undefined;
  if (rtt >= POOR.rttMs || q.lossPercent >= POOR.lossPercent || (videoKbps !== undefined && videoKbps < POOR.videoKbps))
    return 'Poor';
  if (rtt >= FAIR.rttMs || q.lossPercent >= FAIR.lossPercent || (videoKbps !== undefined && videoKbps < FAIR.videoKbps))
    return 'Fair';
  return 'Good';
}

/** The figures a screen reader reads with the label, in plain words. */
export function describeQuality(q: Quality): string {
  const parts = [
    q.rttMs === undefined ? undefined : `delay ${q.rttMs} ms`,
    `${q.lossPercent}% lost`,
    `sending ${q.estimateKbps ?? q.sendKbps} kbit/s`,
  ].filter(Boolean);
  return `Connection ${q.label.toLowerCase()}: ${parts.join(', ')}`;
}

/** The weak-link watch: whether each sample of the last WEAK_LINK_SECONDS was weak, and since when it has watched. */
export interface WeakLinkWatch {
  since?: number;
  recent?: { at: number; weak: boolean }[];
  /** The last sample's counts, for the loss since then. */
  last?: Pick<StatsSample, 'packetsSent' | 'sentPacketsLost'>;
}

/** "Most of" the last WEAK_LINK_SECONDS: the share of its samples that must be weak (low estimate or loss). */
export const WEAK_LINK_SHARE = 2 / 3;

/**
 * Feeds one sample to the watch; `weak` once it has watched for WEAK_LINK_SECONDS and at least
 * WEAK_LINK_SHARE of the samples in the last WEAK_LINK_SECONDS were weak: an estimate below
 * WEAK_LINK_KBPS, or WEAK_LINK_LOSS_PERCENT or more of what was sent since the previous sample
 * reported lost. On a narrow link the browser's estimate probes upwards now and then: a probe or
 * two do not put the rule off, a recovery that holds (three samples in a row, 6 s, at the page's
 * 2 s reads) does. A sample without an estimate (the browser gives none yet) starts the watch again.
 */
export function watchWeakLink(watch: WeakLinkWatch, sample: StatsSample): { watch: WeakLinkWatch; weak: boolean } {
  const estimate = sample.outgoingEstimateBps;
  if (estimate === undefined) return { watch: {}, weak: false };
  const since = watch.since ?? sample.at;
  const sent = sample.packetsSent - (watch.last?.packetsSent ?? sample.packetsSent);
  const lost = sample.sentPacketsLost - (watch.last?.sentPacketsLost ?? sample.sentPacketsLost);
  const lossy = sent > 0 && lost * 100 >= sent * WEAK_LINK_LOSS_PERCENT;
  const recent = [...(watch.recent ?? []), { at: sample.at, weak: lossy || estimate < WEAK_LINK_KBPS * 1000 }].filter(
    (s) => sample.at - s.at <= WEAK_LINK_SECONDS * 1000,
  );
  const weakShare = recent.filter((s) => s.weak).length / recent.length;
  const last = { packetsSent: sample.packetsSent, sentPacketsLost: sample.sentPacketsLost };
  return {
    watch: { since, recent, last },
    weak: sample.at - since >= WEAK_LINK_SECONDS * 1000 && weakShare >= WEAK_LINK_SHARE,
  };
}

/** Whether each side's sound flows, as this browser can tell. */
export interface AudioHealth {
  /** This side's microphone is live and its packets leave (false: the other side cannot hear). */
  sending: boolean;
  /** The other side's packets arrive (false: this side cannot hear). */
  receiving: boolean;
}

/** Sound that has not moved this long counts as lost (a few packets late is not a problem). */
export const AUDIO_SILENT_MS = 4_000;

/** The audio watch: the last sample in which each direction moved. */
export interface AudioWatch {
  sentAt?: number;
  sentPackets?: number;
  receivedAt?: number;
  receivedPackets?: number;
}

/**
 * Feeds one sample to the audio watch. Counted in packets, not bytes or connection state: a
 * connection can say 'connected' while one side's sound has stopped. A muted microphone still
 * sends (silence), so only a dead microphone or packets that stopped count against sending.
 */
export function watchAudio(
  watch: AudioWatch,
  sample: StatsSample,
  microphone: { microphoneLive: boolean },
): { watch: AudioWatch; health: AudioHealth } {
  const next: AudioWatch = { ...watch };
  if (watch.sentPackets === undefined || sample.audioPacketsSent > watch.sentPackets) next.sentAt = sample.at;
  if (watch.receivedPackets === undefined || sample.audioPacketsReceived > watch.receivedPackets) next.receivedAt = sample.at;
  next.sentPackets = sample.audioPacketsSent;
  next.receivedPackets = sample.audioPacketsReceived;
  const stale = (since: number | undefined) => since !== undefined && sample.at - since >= AUDIO_SILENT_MS;
  return {
    watch: next,
    health: { sending: microphone.microphoneLive && !stale(next.sentAt), receiving: !stale(next.receivedAt) },
  };
}
