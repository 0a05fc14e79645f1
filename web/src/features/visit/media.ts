/**
 * The camera and microphone: asking for them, the devices to choose from, the microphone's
 * level for the pre-call check, and what to tell a person when the browser refuses.
 */

export interface DeviceChoice {
  microphoneId?: string;
  cameraId?: string;
  audioOnly: boolean;
}

/**
 * A small video is enough to see a patient, and it fits a phone's mobile data: 640x360 at
 * most 24 frames a second (the browser scales it down further on a weak link).
 */
const VIDEO: MediaTrackConstraints = { width: { ideal: 640 }, height: { ideal: 360 }, frameRate: { ideal: 24, max: 24 } };

/** The microphone as the call wants it (a repair asks for it again the same way). */
export const MICROPHONE: MediaTrackConstraints = { echoCancellation: true, noiseSuppression: true };

export function openMedia(choice: DeviceChoice): Promise<MediaStream> {
  const pick = (id?: string) => (id ? { deviceId: { exact: id } } : {});
  return navigator.mediaDevices.getUserMedia({
    audio: { ...MICROPHONE, ...pick(choice.microphoneId) },
    video: choice.audioOnly ? false : { ...VIDEO, ...pick(choice.cameraId) },
  });
}

export interface Devices {
  microphones: { id: string; label: string }[];
  cameras: { id: string; label: string }[];
}

/** The devices the browser lists (with names once a permission was given). */
export async function listDevices(): Promise<Devices> {
  const all = await navigator.mediaDevices.enumerateDevices();
  const of = (kind: MediaDeviceKind, name: string) =>
    all.filter((d) => d.kind === kind && d.deviceId).map((d, i) => ({ id: d.deviceId, label: d.label || `${name} ${i + 1}` }));
  return { microphones: of('audioinput', 'Microphone'), cameras: of('videoinput', 'Camera') };
}

/** Stops every track of a stream (the camera light goes off). */
export const stopStream = (stream: MediaStream | undefined) => stream?.getTracks().forEach((t) => t.stop());

/**
 * Follows the microphone's loudness (0 to 100) about ten times a second; returns the stop.
 * Speech at a normal distance reads 20-60.
 */
export function watchLevel(stream: MediaStream, onLevel: (level: number) => void): () => void {
  const track = stream.getAudioTracks()[0];
  if (!track || typeof AudioContext === 'undefined') return () => undefined;
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  context.createMediaStreamSource(new MediaStream([track])).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  const timer = setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const s of samples) sum += s * s;
    const rms = Math.sqrt(sum / samples.length);
    // About -50 dBFS (a quiet room) reads 0, -10 dBFS (speaking close) reads 100.
    const db = 20 * Math.log10(rms || 1e-8);
    onLevel(Math.round(Math.min(100, Math.max(0, ((db + 50) / 40) * 100))));
  }, 100);
  // A browser that starts audio suspended until a click: resume it (the check page follows a click).
  void context.resume().catch(() => undefined);
  return () => {
    clearInterval(timer);
    void context.close().catch(() => undefined);
  };
}

/** Why the camera or microphone could not be used, in words a patient can act on. */
export function mediaErrorMessage(err: unknown): string {
  const name = (err as { name?: string })?.name;
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'Your browser did not let this page use the camera and microphone. Allow them for this site (the camera sign in the address bar or the browser’s settings), then choose Try again.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'We could not find that camera or microphone. Check it is connected, or choose another one, then Try again.';
    case 'NotReadableError':
    case 'AbortError':
      return 'Another app is using the camera or microphone. Close it, then choose Try again.';
    default:
      return 'The camera and microphone could not be started. Choose Try again, or ask for a phone call instead.';
  }
}
