import { ArrowLeft, LogIn, RefreshCw } from 'lucide-react';
import { lazy, Suspense, useEffect, useReducer, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { onAuthStateChanged } from 'firebase/auth';
import { GENERIC_ERROR } from '@api/messages';
import type { Appointment } from '@api/types';
import { visitMoment, type VisitEndedAs } from '@api/visits';
import { usePageTitle } from '@/components/page-title';
import { Loading, SpinnerOverlay } from '@/components/spinner';
import { SITE } from '@/content/site';
import { admitPatient, fetchVisit, joinVisit, leaveVisit, setVisitMode } from '@/features/visit/api/visit-api';
import { CallScreen } from '@/features/visit/components/call-screen';
import { ChatPanel } from '@/features/visit/components/chat-panel';
import { PrecallCheck } from '@/features/visit/components/precall-check';
import { VisitCard } from '@/features/visit/components/visit-card';
import { HostRoom, WaitingRoom } from '@/features/visit/components/rooms';
import { mediaErrorMessage, openMedia, stopStream } from '@/features/visit/media';
import type { PeerMessage } from '@/features/visit/peer';
import type { AudioHealth, Quality } from '@/features/visit/quality';
import type { VisitSession } from '@/features/visit/session';
import type { ChatMessage } from '@/features/visit/signalling';
import { initialState, peerNameOf, reduce, roleOf, screenOf } from '@/features/visit/visit-machine';
import { ApiError, api } from '@/lib/api-client';
import { confirm } from '@/lib/dialogs';
import { auth } from '@/lib/firebase';
import { useBusy } from '@/lib/use-busy';
import visitCss from '../visit.css?inline';

/** Who is signed in: undefined while Firebase finds out, null for nobody. */
function useUid(): string | null | undefined {
  const [uid, setUid] = useState<string | null | undefined>(undefined);
  useEffect(() => onAuthStateChanged(auth, (user) => setUid(user?.uid ?? null)), []);
  return uid;
}

/**
 * This tab joined the visit (kept for the tab only): a reload goes straight back in, with
 * video or audio only as before, instead of through the check again.
 */
const rejoinKey = (appointmentId: string) => `visit-joined:${appointmentId}`;
const remembered = (appointmentId: string): { audioOnly: boolean } | undefined => {
  const raw = sessionStorage.getItem(rejoinKey(appointmentId));
  return raw ? (JSON.parse(raw) as { audioOnly: boolean }) : undefined;
};

/**
 * The session and Firestore with it (the larger part of this page's script) load while the
 * person checks their camera: the check shows sooner on a slow connection.
 */
const loadSession = () => import('@/features/visit/session');

/** How an appointment that ended its room before the visit is named to both sides. */
const NOT_HELD: Record<Exclude<VisitEndedAs, 'Completed'>, string> = {
  Cancelled: 'cancelled',
  Declined: 'declined',
  NoShow: 'marked as missed',
};

const SETUP_RETRYING = 'The call has not connected yet. Trying again…';
const setupFailed = (peerName: string, phoneLabel: string) =>
  `The call still has not connected. It keeps trying; or choose ${phoneLabel} and talk with ${peerName} by phone.`;

/** What the call screen says when a side's sound does not flow (undefined while both do). */
function audioProblemOf(health: AudioHealth, peerName: string): string | undefined {
  if (!health.sending) return `${peerName} cannot hear you: tap to reconnect the microphone`;
  if (!health.receiving) return `You cannot hear ${peerName}: tap to reconnect`;
  return undefined;
}

/** The console's Complete visit dialog, loaded when the host opens it (a patient never downloads it). */
const CompleteVisit = lazy(() => import('@/features/visit/components/complete-visit'));

/** A refusal the person cannot retry (403, 404, 409) against one they can (no connection, a server error). */
const isRefusal = (err: unknown) => err instanceof ApiError && [403, 404, 409].includes(err.status);
const messageOf = (err: unknown) => (err instanceof Error && err.message ? err.message : GENERIC_ERROR);

/**
 * /visit/:appointmentId, one page for the patient and the host (docs/visits.md): the check of
 * camera and microphone, the waiting room, the call, and the phone instead when video will
 * not do. The server decides who may join and when; this page shows what it says.
 */
export default function VisitPage() {
  const { appointmentId = '' } = useParams();
  usePageTitle('Video visit');
  const uid = useUid();
  const [state, dispatch] = useReducer(reduce, initialState);
  // Nobody signed in: the page says how to (Firebase answers before any call is made).
  const screen = uid === null ? ({ name: 'signed-out' } as const) : screenOf(state);
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
  const [busy, run] = useBusy();
  const [patientPhone, setPatientPhone] = useState<string>();
  const [completing, setCompleting] = useState<Appointment>();
  const heading = useRef<HTMLHeadingElement>(null);

  const role = roleOf(state);
  const peerName = peerNameOf(state);
  const phoneLabel = role === 'host' ? 'Call the patient' : 'Call me instead';

  // ---- what the server says ----

  // Loaded when Firebase knows who is signed in, and again when a visit that was not open yet opens.
  const [loads, setLoads] = useState(0);
  useEffect(() => {
    if (!uid) return;
    const aborted = new AbortController();
    fetchVisit(appointmentId, aborted.signal).then(
      (view) => {
        const rejoin = !!remembered(appointmentId) && !!view.visit && view.visit.state !== 'Ended';
        dispatch({ type: 'viewed', view, rejoin });
        if (view.patientPhone) setPatientPhone(view.patientPhone);
      },
      (err: unknown) => {
        if (aborted.signal.aborted) return;
        if (err instanceof ApiError && err.status === 401) dispatch({ type: 'signed-out' });
        else dispatch({ type: 'refused', message: messageOf(err) });
      },
    );
    return () => aborted.abort();
  }, [uid, appointmentId, loads]);

  // Not open yet: the page opens the visit by itself when the time comes (within the next hours).
  const opensAt = state.view?.refusal?.reason === 'too-early' ? Date.parse(state.view.opensAt) : undefined;
  useEffect(() => {
    if (!opensAt || opensAt - Date.now() > 6 * 3_600_000) return;
    const timer = setTimeout(() => setLoads((n) => n + 1), Math.max(1_000, opensAt - Date.now() + 1_000));
    return () => clearTimeout(timer);
  }, [opensAt]);

  // ---- joining ----

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

  /** Enters the room with this camera and microphone; `recordAudio`: an audio-only start makes the visit's mode audio. */
  async function join(stream: MediaStream, audioOnly: boolean, recordAudio = audioOnly): Promise<VisitSession | undefined> {
    dispatch({ type: 'joining', audioOnly });
    let visitSession: VisitSession | undefined;
    try {
      const [answer, { VisitSession }] = await Promise.all([joinVisit(appointmentId), loadSession()]);
      let lastLabel: string | undefined;
      visitSession = new VisitSession(appointmentId, uid!, answer.role, answer.iceServers, stream, {
        onVisit: (visit) => dispatch({ type: 'visit', visit }),
        onChat: setChat,
        onRemoteStream: setRemote,
        onConnection: (connection) => {
          dispatch({ type: 'connection', state: connection });
          if (connection === 'connected') {
            setPeer((p) => ({ ...p, away: false }));
            setSetup(undefined);
          }
        },
        onSetup: (next) => {
          setSetup(next);
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
        onError: (err) => console.warn('visit:', err),
      });
      await visitSession.start();
      setSession(visitSession);
      sessionStorage.setItem(rejoinKey(appointmentId), JSON.stringify({ audioOnly }));
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
    if (!state.rejoin) return;
    const before = remembered(appointmentId);
    openMedia({ audioOnly: !!before?.audioOnly }).then(
      (stream) => join(stream, !!before?.audioOnly),
      (err: unknown) => dispatch({ type: 'failed', message: mediaErrorMessage(err) }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per reload
  }, [state.rejoin]);

  // ---- following the record ----

  // Focus follows the state, so a screen reader and a keyboard start at the new screen's heading.
  useEffect(() => {
    if (screen.name === 'loading' || screen.name === 'joining') return;
    (heading.current ?? document.getElementById('visit-title'))?.focus();
  }, [screen.name]);

  // The connection runs in the call screen only: by phone, after hanging up or the end, it stops.
  const inCall = screen.name === 'call';
  useEffect(() => {
    if (!session || !inCall) return;
    session.enterCall();
    return () => void session.hangUp();
  }, [session, inCall]);

  const ended = screen.name === 'ended';
  useEffect(() => {
    if (!ended) return;
    sessionStorage.removeItem(rejoinKey(appointmentId));
    session?.stop();
  }, [ended, session, appointmentId]);

  // The record says audio only (chosen by the other side before this page loaded, or just now).
  const audioMode = state.visit?.mode === 'audio';
  useEffect(() => {
    if (!audioMode || !session) return;
    session.dropVideo('chosen', false);
    dispatch({ type: 'audio-only' });
  }, [audioMode, session]);

  // The host calls the patient: the API gives the host the number once the visit is by phone.
  useEffect(() => {
    if (screen.name !== 'phone' || role !== 'host' || patientPhone) return;
    fetchVisit(appointmentId).then(
      (view) => setPatientPhone(view.patientPhone),
      () => undefined,
    );
  }, [screen.name, role, patientPhone, appointmentId]);

  // Leaving the page: the camera and the listeners stop.
  useEffect(() => () => session?.stop(), [session]);

  // ---- the person's actions ----

  const admit = () =>
    run(async () => {
      const { visit } = await admitPatient(appointmentId);
      dispatch({ type: 'visit', visit });
    });

  const audioOnly = () =>
    run(async () => {
      session?.dropVideo('chosen');
      dispatch({ type: 'audio-only', notice: 'The call is audio only now: video is off for both of you.' });
      const { visit } = await setVisitMode(appointmentId, 'audio');
      dispatch({ type: 'visit', visit });
    });

  async function phone() {
    const question =
      role === 'host'
        ? [
            'Call the patient?',
            'Yes, call',
            `The video call ends and the visit is recorded as held by phone. You will see ${peerName}'s number.`,
          ]
        : ['Call me instead?', 'Yes, call me', `${peerName} will call the phone number in your booking. The video call ends.`];
    if (!(await confirm(question[0], question[1], question[2]))) return;
    await run(async () => {
      // Not in the room yet (the camera would not start): join without camera or microphone first.
      if (!session && !(await join(new MediaStream(), true, false))) return;
      const answer = await setVisitMode(appointmentId, 'phone');
      dispatch({ type: 'visit', visit: answer.visit });
      if (answer.patientPhone) setPatientPhone(answer.patientPhone);
    });
  }

  const leave = () =>
    run(async () => {
      await session?.hangUp();
      session?.stop();
      setSession(undefined);
      sessionStorage.removeItem(rejoinKey(appointmentId));
      setRemote(undefined);
      dispatch({ type: 'left' });
      await leaveVisit(appointmentId).catch(() => undefined);
    });

  /** The host's Complete visit: the console's dialog and request; the room's record then ends the call on both sides. */
  const complete = () =>
    run(async () => {
      setCompleting(await api.get<Appointment>(`/staff/appointments/${encodeURIComponent(appointmentId)}`, { auth: true }));
    });

  /** The one tap when sound does not flow: a fresh microphone, and an ICE restart when nothing arrives either. */
  const repairAudio = () =>
    run(async () => {
      await session?.repairAudio(!audioHealth.receiving);
      setAudioHealth({ sending: true, receiving: true });
    });

  const toggleMute = () => {
    session?.setMuted(!muted);
    setMuted(!muted);
  };
  const toggleCamera = () => {
    session?.setCamera(cameraOff);
    setCameraOff(!cameraOff);
  };

  // ---- screens ----

  /** Why the room closed: completed (the summary follows), or the appointment was ended before the visit took place. */
  function endedText() {
    const endedAs = state.visit?.endedAs;
    if (endedAs && endedAs !== 'Completed')
      return role === 'host'
        ? `The appointment was ${NOT_HELD[endedAs]}, so this visit will not take place.`
        : `Your appointment was ${NOT_HELD[endedAs]}, so this visit will not take place. Appointments in your dashboard has the details.`;
    return role === 'host'
      ? 'The appointment is completed. The patient reads your summary in their dashboard.'
      : `Thank you. ${peerName}’s summary will be in Appointments in your dashboard.`;
  }

  const backLink =
    role === 'host' ? (
      <Link to="/staff/appointments" className="btn btn-outline">
        <ArrowLeft aria-hidden="true" size={18} /> Back to the console
      </Link>
    ) : (
      <Link to="/dashboard" className="btn btn-outline">
        <ArrowLeft aria-hidden="true" size={18} /> Go to my appointments
      </Link>
    );

  // What both rooms before the call take: the heading to focus, the busy flag, and the ways out.
  const room = { headingRef: heading, busy, onPhone: () => void phone(), onLeave: () => void leave() };

  function body() {
    switch (screen.name) {
      case 'loading':
        return <Loading text="Opening your visit…" />;
      case 'signed-out':
        return (
          <VisitCard
            id="signin-title"
            title="Please log in to join your visit"
            headingRef={heading}
            actions={
              <>
                <Link
                  to={`/signup?mode=login&returnUrl=${encodeURIComponent(`/visit/${appointmentId}`)}`}
                  className="btn btn-primary"
                >
                  <LogIn aria-hidden="true" size={18} /> Log in
                </Link>
                <Link to="/staff" className="btn btn-outline">
                  Staff sign in
                </Link>
              </>
            }
          >
            <p>Log in with the account you booked with. Doctors sign in to the clinic’s console first.</p>
          </VisitCard>
        );
      case 'refused':
        return (
          <VisitCard id="refused-title" title="You cannot join this visit now" headingRef={heading} actions={backLink}>
            <p className="visit-refusal">{screen.message}</p>
            {opensAt && <p className="visit-hint">Keep this page open: it lets you in when the visit opens.</p>}
          </VisitCard>
        );
      case 'staff':
        return (
          <VisitCard
            id="staff-title"
            title="Only the patient and the doctor join a visit"
            headingRef={heading}
            actions={
              <Link to={`/staff/appointments/${encodeURIComponent(appointmentId)}`} className="btn btn-outline">
                <ArrowLeft aria-hidden="true" size={18} /> Open the appointment
              </Link>
            }
          >
            <p>
              {screen.visit
                ? `The room is ${screen.visit.state === 'InCall' ? 'in a call' : screen.visit.state.toLowerCase()} (${screen.visit.mode}).`
                : 'Nobody has opened the room yet.'}
            </p>
          </VisitCard>
        );
      case 'check':
        return (
          <>
            {screen.error && (
              <p className="visit-problem" role="alert">
                {screen.error}
              </p>
            )}
            <PrecallCheck
              joinLabel={screen.role === 'host' ? 'Start visit' : 'Join visit'}
              onJoin={(stream, audio) => void join(stream, audio)}
              onPhoneInstead={() => void phone()}
              phoneLabel={phoneLabel}
              busy={busy}
            />
          </>
        );
      case 'joining':
        return <Loading text="Joining the visit…" />;
      case 'waiting':
        return <WaitingRoom hostName={peerName} {...room} />;
      case 'host-room':
        return <HostRoom patientName={peerName} waitingSince={screen.waitingSince} onAdmit={() => void admit()} {...room} />;
      case 'call':
        return (
          <CallScreen
            peerName={peerName}
            remote={remote}
            local={session?.stream}
            connection={state.connection}
            peerAway={peer.away}
            peerMuted={peer.muted}
            peerCameraOff={peer.cameraOff}
            quality={quality}
            audioProblem={audioProblemOf(audioHealth, peerName)}
            onRepairAudio={() => void repairAudio()}
            setupProblem={setup && (setup === 'retrying' ? SETUP_RETRYING : setupFailed(peerName, phoneLabel))}
            dataUsed={dataUsed}
            audioOnly={state.audioOnly}
            muted={muted}
            cameraOff={cameraOff}
            onMute={toggleMute}
            onCamera={toggleCamera}
            onAudioOnly={() => void audioOnly()}
            onPhone={() => void phone()}
            phoneLabel={phoneLabel}
            onHangUp={() => void leave()}
            onComplete={role === 'host' ? () => void complete() : undefined}
            busy={busy}
            notice={state.notice}
            headingRef={heading}
            chat={uid && <ChatPanel messages={chat} uid={uid} peerName={peerName} onSend={(text) => session!.sendChat(text)} />}
          />
        );
      case 'phone':
        return (
          <VisitCard
            id="phone-title"
            title={role === 'host' ? `Call ${peerName}` : `${peerName} will call you`}
            headingRef={heading}
            actions={
              <>
                {role === 'host' && (
                  <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void complete()}>
                    Complete visit
                  </button>
                )}
                {backLink}
              </>
            }
          >
            {role === 'host' ? (
              patientPhone ? (
                <p>
                  <a className="btn btn-primary visit-tel" href={`tel:${patientPhone}`}>
                    Call {patientPhone}
                  </a>
                </p>
              ) : (
                <Loading text="Getting the patient’s number…" />
              )
            ) : (
              <p>Keep your phone near you: the call comes to the number in your booking. The visit goes on by phone.</p>
            )}
          </VisitCard>
        );
      case 'left':
        return (
          <VisitCard
            id="left-title"
            title="You left the visit"
            headingRef={heading}
            actions={
              <>
                <button type="button" className="btn btn-primary" onClick={() => dispatch({ type: 'rejoin' })}>
                  <RefreshCw aria-hidden="true" size={18} /> Rejoin
                </button>
                {backLink}
              </>
            }
          >
            <p>
              You can join again until the visit closes
              {state.view?.closesAt ? ` at ${visitMoment(state.view.closesAt)}` : ''}.
            </p>
          </VisitCard>
        );
      case 'ended':
        return (
          <VisitCard id="ended-title" title="The visit has ended" headingRef={heading} actions={backLink}>
            <p>{endedText()}</p>
          </VisitCard>
        );
    }
  }

  return (
    <div className="visit">
      <style>{visitCss}</style>
      <header className="visit-topbar">
        <span className="visit-brand">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          {SITE.brand}
        </span>
      </header>
      <main id="main" className="visit-main" tabIndex={-1}>
        <h1 id="visit-title" className="visit-title" tabIndex={-1}>
          {screen.name === 'call' ? 'Video visit' : `Video visit${state.view?.peer ? ` with ${peerName}` : ''}`}
        </h1>
        <p className="visually-hidden" role="status" aria-live="polite">
          {state.announcement}
        </p>
        {body()}
      </main>
      <SpinnerOverlay show={busy} />
      {completing && (
        <Suspense fallback={<SpinnerOverlay show />}>
          <CompleteVisit appointment={completing} onClose={() => setCompleting(undefined)} />
        </Suspense>
      )}
    </div>
  );
}
