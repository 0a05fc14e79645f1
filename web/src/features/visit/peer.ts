/**
 * The one RTCPeerConnection of a visit, negotiated with the "perfect negotiation" pattern
 * (https://w3c.github.io/webrtc-pc/#perfect-negotiation-example): either side may offer at
 * any time (a track added, video dropped, an ICE restart); when both offer at once the polite
 * side (the patient) gives way and the impolite side (the host) keeps its own offer. Signals
 * travel through whatever `send` is given (Firestore documents: signalling.ts), media only
 * between the two browsers. A small data channel carries what the other side should know at
 * once (video dropped and why, muted), peer to peer as well.
 */

import type { SignalCandidate } from '@api/visits';

/** What goes through the signalling channel (visits/{id}/signals: offer, answer, candidate, bye). */
export type OutgoingSignal =
  { type: 'offer' | 'answer'; sdp: string } | { type: 'candidate'; candidate: SignalCandidate } | { type: 'bye' };

/** A signal from the other side, as read back. */
export interface IncomingSignal {
  type: string;
  sdp?: string;
  candidate?: SignalCandidate;
}

/** Messages on the data channel. */
export type PeerMessage =
  { type: 'audio-only'; reason: 'chosen' | 'weak-link' } | { type: 'muted'; muted: boolean } | { type: 'camera'; on: boolean };

export interface PeerCallOptions {
  polite: boolean;
  iceServers: RTCIceServer[];
  /** The local camera and microphone (the video track absent for audio only). */
  stream: MediaStream;
  send: (signal: OutgoingSignal) => Promise<void>;
  onRemoteStream: (stream: MediaStream) => void;
  onConnectionState: (state: RTCPeerConnectionState) => void;
  onMessage: (message: PeerMessage) => void;
  /** The call recovered from a drop, or is trying to (ICE restart). */
  onRestart?: () => void;
  /** Something went wrong that the person cannot act on (logged, the call carries on). */
  onError?: (err: unknown) => void;
}

/** How long a connection may stay 'disconnected' before ICE is restarted (a mobile network handing over). */
const DISCONNECTED_GRACE_MS = 4_000;

/** The most a phone call's video may send (kbit/s): about 2.3 MB a minute. */
export const VIDEO_MAX_KBPS = 300;

/** Opus's packet length (ms): 60 ms packets are 17 a second, not 50, so a third of the headers. */
export const OPUS_PTIME_MS = 60;
/** Opus's most (bits/s): plenty for speech at 16 kHz. */
export const OPUS_MAX_BPS = 16_000;
/**
 * Opus's most when RED carries each packet twice. 12 kbit/s saved data (0.19 MB a minute) but
 * on the 120 kbit/s relay a direction without RED then ran at 11-12 kbit/s and dipped to 7-8 in
 * a 2 s window, under the 1 KB/s the voice must keep (docs/visits.md, "Data"); at 16 kbit/s
 * audio only is about 0.25 MB a minute per side.
 */
export const OPUS_MAX_BPS_WITH_RED = 16_000;

/** The other side sends RED first for audio (its description's first audio format is red). */
const redFirst = (sdp: string) => {
  const first = /m=audio \d+ \S+ (\d+)/.exec(sdp)?.[1];
  return !!first && new RegExp(`a=rtpmap:${first} red/48000`, 'i').test(sdp);
};

/**
 * The audio section's lines that let the browser measure the link on audio packets, taken out
 * so the audio stream carries the voice and nothing else (docs/visits.md, "Data"):
 * - the per-packet congestion feedback (transport-wide CC): its sequence number on each audio
 *   packet and, from the other side, a feedback packet for nearly every one (17 a second at
 *   60 ms), about a quarter of an audio-only call's bytes;
 * - the send-time header extension (abs-send-time): with it Chromium may send its bandwidth
 *   probes as padding on the audio stream. Once video was off on the 120 kbit/s relay that
 *   padding (150 packets a second instead of 17) filled the link and a third of the voice's
 *   packets were lost.
 * Audio's rate is capped anyway; the browser still estimates the link from the video's packets.
 */
const AUDIO_LINK_PROBES =
  /\r?\na=(rtcp-fb:\d+ transport-cc|extmap:\d+(\/\w+)? (http:\/\/www\.ietf\.org\/id\/draft-holmer-rmcat-transport-wide-cc-extensions-01|http:\/\/www\.webrtc\.org\/experiments\/rtp-hdrext\/abs-send-time))(?=\r?\n|$)/g;

/**
 * Opus tuned for speech, set on the other side's description so this side's sender follows it:
 * in-band FEC (a lost packet is rebuilt from the next), DTX (silence costs almost nothing),
 * OPUS_MAX_BPS at most (OPUS_MAX_BPS_WITH_RED under RED), no link probes on audio, and
 * OPUS_PTIME_MS packets (`a=ptime`, which Chromium's Opus encoder takes as its frame length):
 * at 50 packets a second the RTP, SRTP and IP headers cost more than the voice (docs/visits.md,
 * "Data").
 */
export function speechOpus(sdp: string): string {
  const payload = /a=rtpmap:(\d+) opus\/48000/i.exec(sdp)?.[1];
  if (!payload) return sdp;
  const maxBps = redFirst(sdp) ? OPUS_MAX_BPS_WITH_RED : OPUS_MAX_BPS;
  const tuned = ['useinbandfec=1', 'usedtx=1', `maxaveragebitrate=${maxBps}`, `minptime=${OPUS_PTIME_MS}`];
  const withFmtp = sdp.replace(new RegExp(`a=fmtp:${payload} ([^\r\n]*)`), (_line, params: string) => {
    const kept = params.split(';').filter((p) => !/^(useinbandfec|usedtx|maxaveragebitrate|minptime)=/.test(p.trim()));
    return `a=fmtp:${payload} ${[...kept, ...tuned].join(';')}`;
  });
  // One a=ptime for the audio section: replaced where the other side gave one, else added after Opus's fmtp.
  const [head, ...sections] = withFmtp.split(/(?=\r?\nm=)/);
  return [
    head,
    ...sections.map((section) => {
      if (!section.includes(`a=rtpmap:${payload} opus/48000`)) return section;
      const eol = section.includes('\r\n') ? '\r\n' : '\n';
      const withoutPtime = section.replace(/\r?\na=ptime:\d+/g, '').replace(AUDIO_LINK_PROBES, '');
      return withoutPtime.replace(new RegExp(`(a=fmtp:${payload} [^\r\n]*)`), `$1${eol}a=ptime:${OPUS_PTIME_MS}`);
    }),
  ].join('');
}

/** RED (each packet carries the previous one too) first for audio where the browser offers it: a lost packet costs no sound. */
function preferRedForAudio(pc: RTCPeerConnection) {
  const codecs = RTCRtpReceiver.getCapabilities?.('audio')?.codecs;
  const transceiver = pc.getTransceivers().find((t) => t.receiver.track.kind === 'audio');
  if (!codecs || !transceiver?.setCodecPreferences || !codecs.some((c) => c.mimeType.toLowerCase() === 'audio/red')) return;
  const red = codecs.filter((c) => c.mimeType.toLowerCase() === 'audio/red');
  transceiver.setCodecPreferences([...red, ...codecs.filter((c) => c.mimeType.toLowerCase() !== 'audio/red')]);
}

export class PeerCall {
  readonly pc: RTCPeerConnection;
  private readonly channel: RTCDataChannel;
  private makingOffer = false;
  private ignoreOffer = false;
  /** Remote signals are applied one at a time, in the order they were sent. */
  private queue: Promise<void> = Promise.resolve();
  private disconnectedTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(private readonly options: PeerCallOptions) {
    this.pc = new RTCPeerConnection({ iceServers: options.iceServers });
    // Negotiated on both sides with the same id: no offer needed to open it.
    this.channel = this.pc.createDataChannel('control', { negotiated: true, id: 0 });
    this.channel.onmessage = (e) => {
      try {
        options.onMessage(JSON.parse(String(e.data)) as PeerMessage);
      } catch (err) {
        options.onError?.(err);
      }
    };
    for (const track of options.stream.getTracks()) this.pc.addTrack(track, options.stream);
    preferRedForAudio(this.pc);
    // Audio only from the start: still ready to receive the other side's video until the call says otherwise.
    if (!options.stream.getVideoTracks().length) this.pc.addTransceiver('video', { direction: 'recvonly' });

    // The other side adds its tracks with its stream, so the browser keeps one remote stream
    // (firing addtrack and removetrack as video comes and goes).
    this.pc.ontrack = ({ track, streams }) => options.onRemoteStream(streams[0] ?? new MediaStream([track]));
    this.pc.onnegotiationneeded = () => void this.offer();
    this.pc.onicecandidate = ({ candidate }) => {
      if (!candidate?.candidate) return; // the end of candidates needs no message
      const { sdpMid, sdpMLineIndex, usernameFragment } = candidate;
      void this.sendSafely({
        type: 'candidate',
        candidate: { candidate: candidate.candidate, sdpMid, sdpMLineIndex, usernameFragment },
      });
    };
    this.pc.onconnectionstatechange = () => this.connectionChanged();
  }

  private async sendSafely(signal: OutgoingSignal) {
    if (this.closed) return;
    try {
      await this.options.send(signal);
    } catch (err) {
      this.options.onError?.(err);
    }
  }

  private async offer() {
    if (this.closed) return;
    try {
      this.makingOffer = true;
      await this.pc.setLocalDescription();
      // In 'have-remote-offer' the browser makes an answer: send what it made.
      const { type, sdp } = this.pc.localDescription!;
      await this.sendSafely({ type: type === 'answer' ? 'answer' : 'offer', sdp });
    } catch (err) {
      this.options.onError?.(err);
    } finally {
      this.makingOffer = false;
    }
  }

  private connectionChanged() {
    const state = this.pc.connectionState;
    this.options.onConnectionState(state);
    clearTimeout(this.disconnectedTimer);
    if (state !== 'failed' && state !== 'disconnected') return;
    // The host restarts first; the patient only if that did not help (both at once would collide).
    const wait = (state === 'failed' ? 0 : DISCONNECTED_GRACE_MS) + (this.options.polite ? 2 * DISCONNECTED_GRACE_MS : 0);
    this.disconnectedTimer = setTimeout(() => {
      if (this.pc.connectionState === 'failed' || this.pc.connectionState === 'disconnected') this.restart();
    }, wait);
  }

  /** A dropped connection: new ICE candidates on the same call (the offer goes out through onnegotiationneeded). */
  restart() {
    if (this.closed) return;
    this.options.onRestart?.();
    this.pc.restartIce();
  }

  /** A signal from the other side. Applied in order; errors are reported, never thrown. */
  receive(signal: IncomingSignal): Promise<void> {
    this.queue = this.queue.then(() => this.apply(signal)).catch((err: unknown) => this.options.onError?.(err));
    return this.queue;
  }

  private async apply(signal: IncomingSignal) {
    if (this.closed) return;
    if ((signal.type === 'offer' || signal.type === 'answer') && signal.sdp) {
      const collision = signal.type === 'offer' && (this.makingOffer || this.pc.signalingState !== 'stable');
      this.ignoreOffer = !this.options.polite && collision;
      if (this.ignoreOffer) return;
      // An answer that arrives when no offer of ours is open (a repeat after a reload) is stale.
      if (signal.type === 'answer' && this.pc.signalingState !== 'have-local-offer') return;
      await this.pc.setRemoteDescription({ type: signal.type, sdp: speechOpus(signal.sdp) });
      void this.capVideo();
      if (signal.type === 'offer') {
        await this.pc.setLocalDescription();
        await this.sendSafely({ type: 'answer', sdp: this.pc.localDescription!.sdp });
      }
    } else if (signal.type === 'candidate' && signal.candidate) {
      try {
        await this.pc.addIceCandidate(signal.candidate);
      } catch (err) {
        // A candidate of an offer we ignored, or of the other side's previous page, is of no use.
        if (!this.ignoreOffer && this.pc.remoteDescription) this.options.onError?.(err);
      }
    }
  }

  /**
   * Video for a phone call: at most VIDEO_MAX_KBPS (half that, at half the size, on a weak
   * link). Set on the sender once negotiated; the browser's own congestion control stays below it.
   */
  async capVideo(weak = false) {
    const sender = this.pc.getTransceivers().find((t) => t.receiver.track.kind === 'video' && t.sender.track)?.sender;
    const params = sender?.getParameters();
    if (!sender || !params?.encodings?.length) return;
    const [maxBitrate, scaleResolutionDownBy] = weak ? [(VIDEO_MAX_KBPS / 2) * 1000, 2] : [VIDEO_MAX_KBPS * 1000, 1];
    if (params.encodings[0].maxBitrate === maxBitrate) return;
    params.encodings[0] = { ...params.encodings[0], maxBitrate, scaleResolutionDownBy, maxFramerate: 24 };
    await sender.setParameters(params).catch((err: unknown) => this.options.onError?.(err));
  }

  /** A new microphone on the audio sender, without a renegotiation. */
  async replaceAudio(track: MediaStreamTrack) {
    const sender = this.pc.getTransceivers().find((t) => t.receiver.track.kind === 'audio')?.sender;
    await sender?.replaceTrack(track);
  }

  /** Tells the other side something at once (dropped when the channel is not open). */
  tell(message: PeerMessage) {
    if (this.channel.readyState === 'open') this.channel.send(JSON.stringify(message));
  }

  /**
   * Stops sending video for the rest of the call. `renegotiate`: this side dropped video (its
   * choice, or its weak link) and offers the video section as inactive; the other side's
   * answer then turns video off there too. The other side only stops its camera and lets that
   * answer follow: if both offered at once, the polite side's rollback made Chromium rebuild
   * its audio sender, which could stay silent for the rest of the call (docs/visits.md).
   */
  dropVideo(renegotiate: boolean) {
    for (const transceiver of this.pc.getTransceivers()) {
      if (transceiver.receiver.track.kind !== 'video' || transceiver.currentDirection === 'stopped') continue;
      transceiver.sender.track?.stop();
      void transceiver.sender.replaceTrack(null);
      if (renegotiate && transceiver.direction !== 'inactive') transceiver.direction = 'inactive';
    }
  }

  /** Closes the connection (the other side is told with a bye by the caller). */
  close() {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.disconnectedTimer);
    this.channel.close();
    this.pc.close();
  }
}
