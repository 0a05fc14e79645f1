import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type Dispatch } from 'react';
import { admitPatient, fetchVisit, joinVisit, leaveVisit, setVisitMode } from '@/features/visit/api/visit-api';
import { visitKeys } from '@/features/visit/api/visit-queries';
import { isRefusal, messageOf, rejoinMemory } from '@/features/visit/hooks/use-visit-view';
import { mediaErrorMessage, openMedia, stopStream } from '@/features/visit/media';
import type { PeerMessage } from '@/features/visit/peer';
import type { AudioHealth, Quality } from '@/features/visit/quality';
import type { VisitSession } from '@/features/visit/session';
import type { ChatMessage } from '@/features/visit/signalling';
import type { Screen, VisitEvent } from '@/features/visit/visit-machine';
import { ApiError } from '@/lib/api-client';

/**
 * The session and Firestore with it (the larger part of this page's script) load while the
 * person checks their camera: the check shows sooner on a slow connection.
 */
export const loadSession = () => import('@/features/visit/session');

export const SETUP_RETRYING = 'The call has not connected yet. Trying again…';
export const setupFailed = (peerName: string, phoneLabel: string) =>
  `The call still has not connected. It keeps trying; or choose ${phoneLabel} and talk with ${peerName} by phone.`;

interface CallContext {
  appointmentId: string;
  uid: string | null | undefined;
  dispatch: Dispatch<VisitEvent>;
  screen: Screen;
  peerName: string;
  phoneLabel: string;
  /** The page had joined before a reload: join again at once. */
  rejoin: boolean;
  /** The record says the call is audio only. */
  audioMode: boolean;
}

/**
 * This browser's part in the call (docs/visit-page.md): joining, the session and what it
 * reports (the other side's picture and sound, chat, quality, the sound's health, data used),
 * and the person's controls. The session runs in the call screen only: by phone, after
 * hanging up or at the end it stops.
 */
export function useVisitCall({ appointmentId, uid, dispatch, screen, peerName, phoneLabel, rejoin, audioMode }: CallContext) {
  const [session, setSession] = useState<VisitSession>();
  const [remote, setRemote] = useState<MediaStream>();
  const [chat, setChat] = useState<ChatMessage[]>([]);
  const [quality, setQuality] = useState<Quality>();
  const [audioHealth, setAudioHealth] = useState<AudioHealth>({ sending: true, receiving: true });
  const [setup, setSetup] = useState<'retrying' | 'failed'>();
  const [dataUsed, setDataUsed] = useState(0);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const [peer, setPeer] = useState({ away: false, muted: false, cameraOff: false });
  const memory = rejoinMemory(appointmentId);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (uid) void loadSession();
  }, [uid]);

  // The session outlives renders: its handlers read what the page knows now through this ref.
  const latest = useRef({ peerName, session, phoneLabel });
  useEffect(() => {
    latest.current = { peerName, session, phoneLabel };
  });

  const onPeerMessage = (message: PeerMessage) => {
    if (message.type === 'muted') setPeer((p) => ({ ...p, muted: message.muted }));
    if (message.type === 'camera') setPeer((p) => ({ ...p, cameraOff: !message.on }));
    if (message.type === 'audio-only') {
      const name = latest.current.peerName;
      latest.current.session?.dropVideo(message.reason, false);
      dispatch({
        type: 'audio-only',
        notice:
          message.reason === 'weak-link'
            ? `${name}'s connection is weak, so the call goes on with sound only.`
            : `${name} switched the call to audio only.`,
      });
    }
  };

  /** The rules refused this person in an open room: asks the server whether they still have access, and says so if not. */
  const checkAccess = () =>
    void fetchVisit(appointmentId).catch((err: unknown) => {
      if (!(err instanceof ApiError) || ![401, 403].includes(err.status)) return;
      latest.current.session?.stop();
      memory.forget();
      dispatch({ type: 'refused', message: err.message, lostAccess: true });
    });

  /** Enters the room with this camera and microphone; `recordAudio`: an audio-only start makes the visit's mode audio. */
  async function join(stream: MediaStream, audioOnly: boolean, recordAudio = audioOnly): Promise<VisitSession | undefined> {
    dispatch({ type: 'joining', audioOnly });
    let visitSession: VisitSession | undefined;
    try {
      const [answer, { VisitSession }] = await Promise.all([joinVisit(appointmentId), loadSession()]);
      let lastLabel: string | undefined;
      // Said "Trying again…": the live region must not keep saying it once the call connects.
      let retried = false;
      visitSession = new VisitSession(appointmentId, uid!, answer.role, answer.iceServers, stream, {
        onVisit: (visit) => dispatch({ type: 'visit', visit }),
        onChat: setChat,
        onRemoteStream: setRemote,
        onConnection: (connection) => {
          dispatch({ type: 'connection', state: connection });
          if (connection === 'connected') {
            setPeer((p) => ({ ...p, away: false }));
            setSetup(undefined);
            if (retried) dispatch({ type: 'say', text: 'The call is connected.' });
            retried = false;
          }
        },
        onSetup: (next) => {
          setSetup(next);
          retried = next === 'retrying';
          dispatch({
            type: 'say',
            text: next === 'retrying' ? SETUP_RETRYING : setupFailed(latest.current.peerName, latest.current.phoneLabel),
          });
        },
        onAudio: setAudioHealth,
        onDataUsed: setDataUsed,
        onQuality: (q) => {
          setQuality(q);
          if (lastLabel && q.label !== lastLabel) dispatch({ type: 'say', text: `Connection ${q.label.toLowerCase()}.` });
          lastLabel = q.label;
        },
        onPeerMessage,
        onWeakLink: () => {
          dispatch({
            type: 'audio-only',
            notice: 'Your connection is weak, so your video is off and the call goes on with sound only.',
          });
          void setVisitMode(appointmentId, 'audio').catch(() => undefined);
        },
        onPeerLeft: () => setPeer({ away: true, muted: false, cameraOff: false }),
        onDenied: checkAccess,
        onError: (err) => console.warn('visit:', err),
      });
      await visitSession.start();
      setSession(visitSession);
      memory.set(audioOnly);
      dispatch({ type: 'joined', answer });
      // Starting with audio only makes it an audio call for both (the other side follows the record's mode).
      if (recordAudio && answer.visit.mode === 'video') {
        const { visit } = await setVisitMode(appointmentId, 'audio');
        dispatch({ type: 'visit', visit });
      }
      return visitSession;
    } catch (err) {
      visitSession?.stop();
      setSession(undefined);
      stopStream(stream);
      dispatch(isRefusal(err) ? { type: 'refused', message: messageOf(err) } : { type: 'failed', message: messageOf(err) });
      return undefined;
    }
  }

  // A reload of a page that had joined: straight back in, with the camera as before.
  useEffect(() => {
    if (!rejoin) return;
    const before = memory.get();
    openMedia({ audioOnly: !!before?.audioOnly }).then(
      (stream) => join(stream, !!before?.audioOnly),
      (err: unknown) => dispatch({ type: 'failed', message: mediaErrorMessage(err) }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per reload
  }, [rejoin]);

  // The connection runs in the call screen only.
  const inCall = screen.name === 'call';
  useEffect(() => {
    if (!session || !inCall) return;
    session.enterCall();
    return () => void session.hangUp();
  }, [session, inCall]);

  const ended = screen.name === 'ended';
  useEffect(() => {
    if (!ended) return;
    memory.forget();
    session?.stop();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- memory is this appointment's
  }, [ended, session]);

  // The record says audio only (chosen by the other side before this page loaded, or just now).
  useEffect(() => {
    if (!audioMode || !session) return;
    session.dropVideo('chosen', false);
    dispatch({ type: 'audio-only' });
  }, [audioMode, session, dispatch]);

  // Leaving the page: the camera and the listeners stop.
  useEffect(() => () => session?.stop(), [session]);

  const actions = {
    admit: async () => {
      const { visit } = await admitPatient(appointmentId);
      dispatch({ type: 'visit', visit });
    },
    audioOnly: async () => {
      session?.dropVideo('chosen');
      dispatch({ type: 'audio-only', notice: 'The call is audio only now: video is off for both of you.' });
      const { visit } = await setVisitMode(appointmentId, 'audio');
      dispatch({ type: 'visit', visit });
    },
    /** The visit goes on by phone; not in the room yet (the camera would not start): joins without camera or microphone first. */
    phone: async () => {
      if (!session && !(await join(new MediaStream(), true, false))) return;
      const answer = await setVisitMode(appointmentId, 'phone');
      if (answer.patientPhone) queryClient.setQueryData(visitKeys.phone(appointmentId), answer.patientPhone);
      dispatch({ type: 'visit', visit: answer.visit });
    },
    leave: async () => {
      await session?.hangUp();
      session?.stop();
      setSession(undefined);
      memory.forget();
      setRemote(undefined);
      dispatch({ type: 'left' });
      await leaveVisit(appointmentId).catch(() => undefined);
    },
    /** The one tap when sound does not flow: a fresh microphone, and an ICE restart when nothing arrives either. */
    repairAudio: async () => {
      await session?.repairAudio(!audioHealth.receiving);
      setAudioHealth({ sending: true, receiving: true });
    },
    toggleMute: () => {
      session?.setMuted(!muted);
      setMuted(!muted);
    },
    toggleCamera: () => {
      session?.setCamera(cameraOff);
      setCameraOff(!cameraOff);
    },
    sendChat: (text: string) => session!.sendChat(text),
  };

  return { join, session, remote, chat, quality, audioHealth, setup, dataUsed, muted, cameraOff, peer, actions };
}
