/**
 * One browser's part in a visit once it has joined: the signalling and the live record in
 * Firestore, the peer connection while in the call, and its quality every two seconds.
 * React-free: the page creates it after join and reads what happens through the handlers.
 *
 * Who offers (docs/visits.md): a page that starts the call offers at once; a page whose
 * peer said 'bye' (reloaded or hung up) waits for that peer's next offer, since an offer sent
 * to a page that is gone would never be answered.
 */
import type { IceServer, Visit, VisitRole } from '@api/visits';
import { PeerCall, VIDEO_MAX_KBPS, type IncomingSignal, type PeerMessage } from '@/features/visit/peer';
import {
  qualityBetween,
  sampleOf,
  watchAudio,
  watchWeakLink,
  type AudioHealth,
  type AudioWatch,
  type Quality,
  type StatsSample,
  type WeakLinkWatch,
} from '@/features/visit/quality';
import { MICROPHONE } from '@/features/visit/media';
import { Signalling, type ChatMessage } from '@/features/visit/signalling';

export interface SessionHandlers {
  onVisit: (visit: Visit) => void;
  onChat: (messages: ChatMessage[]) => void;
  onRemoteStream: (stream: MediaStream | undefined) => void;
  onConnection: (state: RTCPeerConnectionState) => void;
  onQuality: (quality: Quality) => void;
  onPeerMessage: (message: PeerMessage) => void;
  /** The outgoing estimate stayed too low for video: the session has dropped it. */
  onWeakLink: () => void;
  /** The other side's page said bye (hung up or reloaded). */
  onPeerLeft: () => void;
  /** The call has not connected in time: trying again ('retrying'), and still not ('failed': offer the phone). */
  onSetup: (state: 'retrying' | 'failed') => void;
  /** Whether each side's sound actually flows (from getStats), every couple of seconds. */
  onAudio: (audio: AudioHealth) => void;
  /** Bytes this page has sent and received in the call so far (all its connections). */
  onDataUsed: (bytes: number) => void;
  /** The rules refused this participant while the room is open (their access may have gone: a role removed or changed). */
  onDenied: () => void;
  onError: (err: unknown) => void;
}

/** The rules' refusal, as Firestore reports it (read by its code: this module stays free of Firestore's classes). */
const isDenied = (err: unknown) => (err as { code?: string } | undefined)?.code === 'permission-denied';

const STATS_EVERY_MS = 2_000;
/** A call not connected this long after entering it is retried (ICE restart or a new offer). */
export const SETUP_RETRY_MS = 10_000;
/** After this many tries the page offers the phone (the retries go on). */
const SETUP_TRIES = 2;
const PRESENCE_EVERY_MS = 30_000;

export class VisitSession {
  private readonly signalling: Signalling;
  private peer: PeerCall | undefined;
  /** Signals that came before this page entered the call. */
  private pending: IncomingSignal[] = [];
  private inCall = false;
  /** After the peer's bye: wait for its offer instead of offering. */
  private awaitOffer = false;
  private readonly stops: (() => void)[] = [];
  private statsTimer: ReturnType<typeof setInterval> | undefined;
  private lastSample: StatsSample | undefined;
  private weak: WeakLinkWatch = {};
  private audio: AudioWatch = {};
  /** Bytes of the connections closed before the current one. */
  private usedBefore = 0;
  private setupTimer: ReturnType<typeof setTimeout> | undefined;
  /** The record says Ended: the rules now refuse signals, chat and presence, so none is read or written. */
  private ended = false;
  /** The listeners and timers that stop when the room ends (the record's own listener goes on). */
  private readonly talk: (() => void)[] = [];

  constructor(
    appointmentId: string,
    uid: string,
    private readonly role: VisitRole,
    private readonly iceServers: IceServer[],
    /** The camera and microphone; loses its video track when the call goes audio only. */
    readonly stream: MediaStream,
    private readonly on: SessionHandlers,
  ) {
    this.signalling = new Signalling(appointmentId, uid);
  }

  async start(): Promise<void> {
    await this.signalling.begin();
    this.talk.push(this.signalling.listen((s) => this.signal(s), this.failed));
    this.stops.push(this.signalling.listenVisit(this.visit, this.failed));
    this.talk.push(this.signalling.listenChat(this.on.onChat, this.failed));
    const present = () => void this.signalling.markPresent().catch(this.failed);
    present();
    const timer = setInterval(present, PRESENCE_EVERY_MS);
    this.talk.push(() => clearInterval(timer));
  }

  /** The live record; once it says Ended, signals, chat and presence stop before anything asks the rules again. */
  private readonly visit = (visit: Visit) => {
    if (visit.state === 'Ended' && !this.ended) {
      this.ended = true;
      for (const stop of this.talk.splice(0)) stop();
    }
    this.on.onVisit(visit);
  };

  /** A refusal after the end is expected (the rules close the room); one before it may mean this person lost access. */
  private readonly failed = (err: unknown) => {
    if (isDenied(err)) {
      if (!this.ended) this.on.onDenied();
      return;
    }
    this.on.onError(err);
  };

  private signal(signal: IncomingSignal) {
    if (signal.type === 'bye') {
      // The other side's page began after this one (or reloaded): it offers, this page answers.
      // Both offering at once made the patient's browser roll back (and rebuild its audio sender).
      this.pending = [];
      this.awaitOffer = true;
      if (this.peer) {
        this.closePeer();
        this.on.onPeerLeft();
      }
      return;
    }
    if (this.peer) return void this.peer.receive(signal);
    if (!this.inCall) return void this.pending.push(signal);
    // In the call without a connection: the peer's new page offers; anything else is of its old page.
    if (signal.type === 'offer') {
      this.openPeer();
      void this.peer!.receive(signal);
    }
  }

  /**
   * The call screen is showing: connect. The page that began later offers; the other waits for
   * that offer (its bye came after this page began). Either way the set-up watch retries.
   */
  enterCall() {
    this.inCall = true;
    this.watchSetup();
    if (this.peer || (this.awaitOffer && !this.pending.some((s) => s.type === 'offer'))) return;
    this.openPeer();
    const queued = this.pending;
    this.pending = [];
    for (const s of queued) void this.peer!.receive(s);
  }

  /**
   * Not connected SETUP_RETRY_MS after entering the call (or after the last try): the page says
   * so and tries again by itself, an offer of its own when it was waiting for one, else an ICE
   * restart; after SETUP_TRIES it offers the phone.
   */
  private watchSetup(tries = 0) {
    clearTimeout(this.setupTimer);
    this.setupTimer = setTimeout(() => {
      if (!this.inCall || this.peer?.pc.connectionState === 'connected') return;
      this.on.onSetup(tries + 1 >= SETUP_TRIES ? 'failed' : 'retrying');
      void this.retrySetup().then(() => this.inCall && this.watchSetup(tries + 1));
    }, SETUP_RETRY_MS);
  }

  /**
   * One more try at connecting. The host starts over as a reload would (a bye, a new
   * connection, its offer: the patient answers it); the patient, when it has no connection at
   * all, offers one (only one side starts over, or both would drop each other's new offers).
   */
  private async retrySetup() {
    if (this.role === 'host') {
      this.closePeer();
      await this.signalling.send({ type: 'bye' }).catch(this.failed);
      if (this.inCall && !this.peer) this.openPeer();
    } else if (!this.peer) this.openPeer();
  }

  private openPeer() {
    this.awaitOffer = false;
    this.peer = new PeerCall({
      polite: this.role === 'patient',
      iceServers: this.iceServers,
      stream: this.stream,
      send: (s) => this.signalling.send(s),
      onRemoteStream: this.on.onRemoteStream,
      onConnectionState: this.on.onConnection,
      onMessage: this.on.onPeerMessage,
      onError: this.failed,
    });
    this.on.onConnection(this.peer.pc.connectionState);
    this.audio = {};
    this.lastSample = undefined;
    this.weak = {};
    this.statsTimer = setInterval(() => void this.readStats(), STATS_EVERY_MS);
  }

  private closePeer() {
    clearInterval(this.statsTimer);
    clearTimeout(this.setupTimer);
    if (this.lastSample) this.usedBefore += this.lastSample.bytesSent + this.lastSample.bytesReceived;
    this.lastSample = undefined;
    this.peer?.close();
    this.peer = undefined;
    this.on.onRemoteStream(undefined);
    this.on.onConnection('new');
  }

  private async readStats() {
    const pc = this.peer?.pc;
    if (!pc || pc.connectionState !== 'connected') return;
    const report = (await pc.getStats()) as unknown as Map<string, { type: string; id: string }>;
    const sample = sampleOf(report, performance.now());
    const previous = this.lastSample;
    this.lastSample = sample;
    this.on.onDataUsed(this.usedBefore + sample.bytesSent + sample.bytesReceived);
    const sendingVideo = this.stream.getVideoTracks().some((t) => t.readyState === 'live');
    if (previous) this.on.onQuality(qualityBetween(previous, sample, sendingVideo));
    const microphone = this.stream.getAudioTracks()[0];
    const audio = watchAudio(this.audio, sample, { microphoneLive: microphone?.readyState === 'live' });
    this.audio = audio.watch;
    this.on.onAudio(audio.health);
    if (!sendingVideo) return;
    void this.peer?.capVideo(sample.outgoingEstimateBps !== undefined && sample.outgoingEstimateBps < VIDEO_MAX_KBPS * 1000);
    const { watch, weak } = watchWeakLink(this.weak, sample);
    this.weak = watch;
    if (weak) {
      this.dropVideo('weak-link');
      this.on.onWeakLink();
    }
  }

  /**
   * Video off for the rest of the call, on both sides. `tellPeer`: this side drops it (its
   * choice or its weak link): it tells the other side and renegotiates; the other side (told,
   * or following the record's mode) only stops its camera and answers that offer.
   */
  dropVideo(reason: 'chosen' | 'weak-link', tellPeer = true) {
    for (const track of this.stream.getVideoTracks()) {
      track.stop();
      this.stream.removeTrack(track);
    }
    this.weak = {};
    if (tellPeer) this.peer?.tell({ type: 'audio-only', reason });
    this.peer?.dropVideo(tellPeer);
  }

  /**
   * The one-tap repair when a side's sound does not flow: a fresh microphone put on the same
   * sender (replaceTrack: no renegotiation), and an ICE restart when nothing arrives either.
   */
  async repairAudio(restartIce: boolean): Promise<void> {
    const deviceId = this.stream.getAudioTracks()[0]?.getSettings().deviceId;
    const fresh = await navigator.mediaDevices.getUserMedia({
      audio: { ...MICROPHONE, ...(deviceId ? { deviceId: { ideal: deviceId } } : {}) },
    });
    const track = fresh.getAudioTracks()[0];
    const muted = this.stream.getAudioTracks().some((t) => !t.enabled);
    track.enabled = !muted;
    for (const old of this.stream.getAudioTracks()) {
      old.stop();
      this.stream.removeTrack(old);
    }
    this.stream.addTrack(track);
    await this.peer?.replaceAudio(track);
    this.audio = {};
    if (restartIce) this.peer?.restart();
  }

  setMuted(muted: boolean) {
    for (const track of this.stream.getAudioTracks()) track.enabled = !muted;
    this.peer?.tell({ type: 'muted', muted });
  }

  setCamera(on: boolean) {
    for (const track of this.stream.getVideoTracks()) track.enabled = on;
    this.peer?.tell({ type: 'camera', on });
  }

  async sendChat(text: string): Promise<void> {
    try {
      await this.signalling.sendChat(text);
    } catch (err) {
      if (isDenied(err)) this.failed(err);
      throw err;
    }
  }

  /** The connection, for the tests' and the benchmark's getStats (window.__visitPeer). */
  get connection(): RTCPeerConnection | undefined {
    return this.peer?.pc;
  }

  /** Leaves the call but stays on the page (hang up, or the visit goes on by phone): the peer is told. */
  async hangUp() {
    this.inCall = false;
    this.awaitOffer = false;
    this.closePeer();
    if (!this.ended) await this.signalling.send({ type: 'bye' }).catch(this.failed);
  }

  /** Everything off: listeners, timers, the connection, the camera and microphone. */
  stop() {
    this.inCall = false;
    this.closePeer();
    for (const stop of [...this.talk.splice(0), ...this.stops.splice(0)]) stop();
    for (const track of this.stream.getTracks()) track.stop();
  }
}
