import { CheckCircle2, Mic, MicOff, PhoneCall, PhoneOff, Video, VideoOff, Volume2 } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { QualityBadge } from '@/features/visit/components/quality-badge';
import type { Quality } from '@/features/visit/quality';

interface CallScreenProps {
  peerName: string;
  /** The other side's camera picture and sound. */
  remote: MediaStream | undefined;
  local: MediaStream | undefined;
  connection: RTCPeerConnectionState;
  /** The other side's page said bye: waiting for it to come back. */
  peerAway: boolean;
  peerMuted: boolean;
  peerCameraOff: boolean;
  quality: Quality | undefined;
  /** A side's sound does not flow, said plainly ("Dr X cannot hear you: tap to …"); the tap repairs it. */
  audioProblem?: string;
  onRepairAudio: () => void;
  /** The call has not connected in time: what is being done about it. */
  setupProblem?: string;
  /** Bytes sent and received in this call so far. */
  dataUsed: number;
  audioOnly: boolean;
  muted: boolean;
  cameraOff: boolean;
  onMute: () => void;
  onCamera: () => void;
  onAudioOnly: () => void;
  onPhone: () => void;
  phoneLabel: string;
  onHangUp: () => void;
  /** The host's Complete visit (the console's dialog). */
  onComplete?: () => void;
  busy: boolean;
  /** What was said about the call (video dropped and why), shown under the pictures. */
  notice?: string;
  chat: ReactNode;
  headingRef: React.Ref<HTMLHeadingElement>;
}

const initials = (name: string) =>
  name
    .replace(/^Dr\.? /, '')
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

function statusOf(connection: RTCPeerConnectionState, peerAway: boolean, peerName: string): string {
  if (peerAway) return `${peerName} left the call. It reconnects when they come back.`;
  switch (connection) {
    case 'connected':
      return 'Connected';
    case 'disconnected':
    case 'failed':
      return 'Reconnecting…';
    case 'closed':
      return 'Call ended';
    default:
      return 'Connecting…';
  }
}

/** The data the call has used so far, as a patient paying per megabyte reads it. */
const dataUsedText = (bytes: number) => `Data used: ${(bytes / 1_000_000).toFixed(1)} MB`;

/** Whether a stream has a picture now: re-rendered as its tracks come and go. */
function useHasPicture(stream: MediaStream | undefined): boolean {
  const [, bump] = useState(0);
  useEffect(() => {
    if (!stream) return;
    const changed = () => bump((n) => n + 1);
    const watch = (track: MediaStreamTrack) => {
      track.addEventListener('mute', changed);
      track.addEventListener('unmute', changed);
      track.addEventListener('ended', changed);
    };
    stream.getTracks().forEach(watch);
    const added = (e: MediaStreamTrackEvent) => (watch(e.track), changed());
    stream.addEventListener('addtrack', added);
    stream.addEventListener('removetrack', changed);
    return () => {
      stream.removeEventListener('addtrack', added);
      stream.removeEventListener('removetrack', changed);
      for (const track of stream.getTracks()) {
        track.removeEventListener('mute', changed);
        track.removeEventListener('unmute', changed);
        track.removeEventListener('ended', changed);
      }
    };
  }, [stream]);
  // Not `muted`: Chromium leaves a remote track muted after renegotiations even while frames arrive.
  return !!stream?.getVideoTracks().some((t) => t.readyState === 'live');
}

/** The call: the other side large, oneself small, the controls, the quality and the chat. */
export function CallScreen({
  peerName,
  remote,
  local,
  connection,
  peerAway,
  peerMuted,
  peerCameraOff,
  quality,
  audioProblem,
  onRepairAudio,
  setupProblem,
  dataUsed,
  audioOnly,
  muted,
  cameraOff,
  onMute,
  onCamera,
  onAudioOnly,
  onPhone,
  phoneLabel,
  onHangUp,
  onComplete,
  busy,
  notice,
  chat,
  headingRef,
}: CallScreenProps) {
  const remoteVideo = useRef<HTMLVideoElement>(null);
  const localVideo = useRef<HTMLVideoElement>(null);
  const [soundBlocked, setSoundBlocked] = useState(false);
  const showRemoteVideo = useHasPicture(remote) && !audioOnly && !peerCameraOff;
  const showLocalVideo = !!local?.getVideoTracks().length && !cameraOff && !audioOnly;

  useEffect(() => {
    const el = remoteVideo.current;
    if (!el || el.srcObject === (remote ?? null)) return;
    el.srcObject = remote ?? null;
    // A browser that blocks sound until the person acts (after a reload): ask for one tap.
    if (remote)
      el.play().then(
        () => setSoundBlocked(false),
        () => setSoundBlocked(true),
      );
  }, [remote]);
  useEffect(() => {
    if (localVideo.current) localVideo.current.srcObject = showLocalVideo ? (local ?? null) : null;
  }, [local, showLocalVideo]);

  const status = statusOf(connection, peerAway, peerName);
  return (
    <section className="visit-call" aria-labelledby="call-title">
      <div className="visit-call-head">
        <h2 id="call-title" tabIndex={-1} ref={headingRef}>
          {peerName}
        </h2>
        <p className="visit-call-status">
          <span>{status}</span> {connection === 'connected' && !peerAway && !audioProblem && <QualityBadge quality={quality} />}
          {dataUsed > 0 && <span className="visit-data-used">{dataUsedText(dataUsed)}</span>}
        </p>
      </div>
      {connection === 'connected' && !peerAway && audioProblem && (
        <button type="button" className="btn btn-primary visit-audio-problem" onClick={onRepairAudio} disabled={busy}>
          <MicOff aria-hidden="true" size={18} /> {audioProblem}
        </button>
      )}
      {connection !== 'connected' && !peerAway && setupProblem && (
        <p className="visit-notice" role="alert">
          {setupProblem}
        </p>
      )}

      <div className="visit-stage">
        <div className="visit-remote">
          {/* One element plays the other side's sound and picture; the picture hides when there is none. */}
          <video ref={remoteVideo} autoPlay playsInline aria-label={`${peerName}'s camera`} hidden={!showRemoteVideo} />
          {!showRemoteVideo && (
            <div className="visit-avatar" aria-hidden="true">
              <span>{initials(peerName)}</span>
            </div>
          )}
          {(peerMuted || (!showRemoteVideo && !peerAway)) && (
            <p className="visit-remote-note">
              {[audioOnly ? 'Audio only' : peerCameraOff ? 'Camera off' : '', peerMuted ? 'Muted' : '']
                .filter(Boolean)
                .join(' · ')}
            </p>
          )}
        </div>
        {showLocalVideo && (
          <div className="visit-local">
            <video ref={localVideo} autoPlay playsInline muted aria-label="Your camera" />
          </div>
        )}
      </div>

      {soundBlocked && (
        <button
          type="button"
          className="btn btn-primary visit-sound"
          onClick={() => void remoteVideo.current?.play().then(() => setSoundBlocked(false))}
        >
          <Volume2 aria-hidden="true" size={18} /> Turn on the sound
        </button>
      )}
      {notice && <p className="visit-notice">{notice}</p>}

      <div className="visit-controls" role="group" aria-label="Call controls">
        <button type="button" className="visit-control" aria-pressed={muted} onClick={onMute}>
          {muted ? <MicOff aria-hidden="true" /> : <Mic aria-hidden="true" />}
          <span>Mute</span>
        </button>
        {!audioOnly && (
          <button
            type="button"
            className="visit-control"
            aria-pressed={cameraOff}
            onClick={onCamera}
            disabled={!local?.getVideoTracks().length}
          >
            {cameraOff ? <VideoOff aria-hidden="true" /> : <Video aria-hidden="true" />}
            <span>Camera off</span>
          </button>
        )}
        {!audioOnly && (
          <button type="button" className="visit-control" onClick={onAudioOnly} disabled={busy}>
            <Volume2 aria-hidden="true" />
            <span>Switch to audio only</span>
          </button>
        )}
        <button type="button" className="visit-control" onClick={onPhone} disabled={busy}>
          <PhoneCall aria-hidden="true" />
          <span>{phoneLabel}</span>
        </button>
        {onComplete && (
          <button type="button" className="visit-control" onClick={onComplete} disabled={busy}>
            <CheckCircle2 aria-hidden="true" />
            <span>Complete visit</span>
          </button>
        )}
        <button type="button" className="visit-control hang-up" onClick={onHangUp} disabled={busy}>
          <PhoneOff aria-hidden="true" />
          <span>Hang up</span>
        </button>
      </div>

      {chat}
    </section>
  );
}
