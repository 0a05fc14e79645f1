import { Mic, Phone, RefreshCw, Video } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  listDevices,
  mediaErrorMessage,
  openMedia,
  stopStream,
  watchLevel,
  type DeviceChoice,
  type Devices,
} from '@/features/visit/media';

interface PrecallCheckProps {
  /** 'Join visit' for the patient, 'Start visit' for the host. */
  joinLabel: string;
  /** The camera and microphone are working: join with this stream (no video track for audio only). */
  onJoin: (stream: MediaStream, audioOnly: boolean) => void;
  /** The patient's way out when the camera or microphone will not work. */
  onPhoneInstead?: () => void;
  phoneLabel?: string;
  busy: boolean;
}

const DEVICE_KINDS = {
  microphone: { label: 'Microphone', list: 'microphones', choice: 'microphoneId' },
  camera: { label: 'Camera', list: 'cameras', choice: 'cameraId' },
} as const;

interface DeviceSelectProps {
  kind: keyof typeof DEVICE_KINDS;
  devices: Devices;
  choice: DeviceChoice;
  /** The choice with another device (undefined: the browser's default). */
  onChoose: (next: DeviceChoice) => void;
}

/** Which microphone or camera to use; before the browser has listed any, only its default. */
function DeviceSelect({ kind, devices, choice, onChoose }: DeviceSelectProps) {
  const id = useId();
  const { label, list, choice: key } = DEVICE_KINDS[kind];
  const options = devices[list];
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={choice[key] ?? ''}
        disabled={!options.length}
        onChange={(e) => onChoose({ ...choice, [key]: e.target.value || undefined })}
      >
        {!options.length && <option value="">Default {label.toLowerCase()}</option>}
        {options.map((d) => (
          <option key={d.id} value={d.id}>
            {d.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Audio only is remembered on this device for the next visit (a patient on mobile data chooses it once). */
const AUDIO_ONLY_KEY = 'visit-audio-only';
const rememberedAudioOnly = () => {
  try {
    return localStorage.getItem(AUDIO_ONLY_KEY) === 'yes';
  } catch {
    return false;
  }
};
const rememberAudioOnly = (audioOnly: boolean) => {
  try {
    if (audioOnly) localStorage.setItem(AUDIO_ONLY_KEY, 'yes');
    else localStorage.removeItem(AUDIO_ONLY_KEY);
  } catch {
    // Storage refused (private mode): the choice is simply not remembered.
  }
};

type Check = { status: 'asking' } | { status: 'ready'; stream: MediaStream } | { status: 'failed'; message: string };

/**
 * The pre-call check: the browser asks for the camera and microphone, the person sees
 * themselves, chooses devices, watches the microphone's level move, then joins with video or
 * audio only.
 */
export function PrecallCheck({ joinLabel, onJoin, onPhoneInstead, phoneLabel, busy }: PrecallCheckProps) {
  const [choice, setChoice] = useState<DeviceChoice>(() => ({ audioOnly: rememberedAudioOnly() }));
  const [devices, setDevices] = useState<Devices>({ microphones: [], cameras: [] });
  const [check, setCheck] = useState<Check>({ status: 'asking' });
  const [level, setLevel] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const video = useRef<HTMLVideoElement>(null);
  // The stream handed to the call must not be stopped when this check unmounts.
  const handedOver = useRef<MediaStream | undefined>(undefined);
  const levelId = useId();

  useEffect(() => {
    let stream: MediaStream | undefined;
    let stopLevel = () => undefined as void;
    let cancelled = false;
    openMedia(choice)
      .then(async (s) => {
        stream = s;
        if (cancelled) return stopStream(s);
        setCheck({ status: 'ready', stream: s });
        stopLevel = watchLevel(s, setLevel);
        // Names of devices are only listed once a permission was given.
        setDevices(await listDevices());
      })
      .catch((err: unknown) => !cancelled && setCheck({ status: 'failed', message: mediaErrorMessage(err) }));
    return () => {
      cancelled = true;
      stopLevel();
      if (stream && stream !== handedOver.current) stopStream(stream);
    };
  }, [choice, attempt]);

  useEffect(() => {
    if (video.current && check.status === 'ready') video.current.srcObject = check.stream;
  }, [check]);

  /** Another device, audio only, or one more try: the browser is asked again. */
  const retry = (next: DeviceChoice) => {
    setCheck({ status: 'asking' });
    setChoice(next);
    setAttempt((n) => n + 1);
  };

  const stream = check.status === 'ready' ? check.stream : undefined;
  const join = (audioOnly: boolean) => {
    if (!stream) return;
    rememberAudioOnly(audioOnly);
    if (audioOnly) stream.getVideoTracks().forEach((t) => (t.stop(), stream.removeTrack(t)));
    handedOver.current = stream;
    onJoin(stream, audioOnly);
  };
  const hasVideo = !!stream?.getVideoTracks().length;

  return (
    <section className="visit-card visit-check" aria-labelledby="check-title">
      <h2 id="check-title">Check your camera and microphone</h2>
      <div className="visit-check-grid">
        <div className="visit-preview">
          {check.status === 'ready' && hasVideo ? (
            <video ref={video} autoPlay playsInline muted aria-label="Your camera" />
          ) : (
            <p className="visit-preview-empty">
              {check.status === 'asking'
                ? 'Your browser is asking to use the camera and microphone…'
                : choice.audioOnly
                  ? 'Audio only: your camera stays off.'
                  : 'No camera picture.'}
            </p>
          )}
        </div>

        <div className="visit-check-controls">
          {check.status === 'failed' && (
            <div className="visit-problem" role="alert">
              <p>{check.message}</p>
              <div className="form-actions">
                <button type="button" className="btn btn-primary" onClick={() => retry(choice)}>
                  <RefreshCw aria-hidden="true" size={18} /> Try again
                </button>
                {!choice.audioOnly && (
                  <button
                    type="button"
                    className="btn btn-outline"
                    onClick={() => retry({ ...choice, audioOnly: true, cameraId: undefined })}
                  >
                    <Mic aria-hidden="true" size={18} /> Try audio only
                  </button>
                )}
              </div>
            </div>
          )}

          <div className="field visit-audio-choice">
            <label>
              <input
                type="checkbox"
                checked={choice.audioOnly}
                onChange={(e) => retry({ ...choice, audioOnly: e.target.checked, cameraId: undefined })}
              />{' '}
              Audio only: no camera, uses far less mobile data
            </label>
          </div>
          <DeviceSelect kind="microphone" devices={devices} choice={choice} onChoose={retry} />
          <div className="field">
            <label htmlFor={levelId}>Microphone level</label>
            <meter id={levelId} className="visit-meter" min={0} max={100} low={10} high={90} optimum={50} value={level}>
              {level}%
            </meter>
            <p className="visit-hint">Say something: the bar should move.</p>
          </div>
          {!choice.audioOnly && <DeviceSelect kind="camera" devices={devices} choice={choice} onChoose={retry} />}

          <div className="form-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={!stream || busy || !hasVideo}
              hidden={choice.audioOnly}
              onClick={() => join(false)}
            >
              <Video aria-hidden="true" size={18} /> {joinLabel}
            </button>
            <button
              type="button"
              className={choice.audioOnly ? 'btn btn-primary' : 'btn btn-outline'}
              disabled={!stream || busy}
              onClick={() => join(true)}
            >
              <Mic aria-hidden="true" size={18} /> Start with audio only
            </button>
            {onPhoneInstead && (
              <button type="button" className="btn btn-outline" disabled={busy} onClick={onPhoneInstead}>
                <Phone aria-hidden="true" size={18} /> {phoneLabel}
              </button>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
