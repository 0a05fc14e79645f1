import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { usePageTitle } from '@/components/page-title';
import { Loading, SpinnerOverlay } from '@/components/spinner';
import { SITE } from '@/content/site';
import { usePatientPhone } from '@/features/visit/api/visit-queries';
import { CallScreen } from '@/features/visit/components/call-screen';
import { ChatPanel } from '@/features/visit/components/chat-panel';
import { PrecallCheck } from '@/features/visit/components/precall-check';
import { HostRoom, WaitingRoom } from '@/features/visit/components/rooms';
import {
  EndedCard,
  LeftCard,
  NotOpenCard,
  PhoneCard,
  RefusedCard,
  SignedOutCard,
  StaffCard,
} from '@/features/visit/components/visit-screens';
import { SETUP_RETRYING, setupFailed, useVisitCall } from '@/features/visit/hooks/use-visit-call';
import { useUid, useVisitViewEvents } from '@/features/visit/hooks/use-visit-view';
import type { AudioHealth } from '@/features/visit/quality';
import { initialState, peerNameOf, reduce, roleOf, screenOf } from '@/features/visit/visit-machine';
import { confirm } from '@/lib/dialogs';
import { queryClient } from '@/lib/query-client';
import { useBusy } from '@/lib/use-busy';
import callCss from '../call.css?inline';
import visitCss from '../visit.css?inline';

/** What the call screen says when a side's sound does not flow (undefined while both do). */
function audioProblemOf(health: AudioHealth, peerName: string): string | undefined {
  if (!health.sending) return `${peerName} cannot hear you: tap to reconnect the microphone`;
  if (!health.receiving) return `You cannot hear ${peerName}: tap to reconnect`;
  return undefined;
}

/** The console's Complete visit dialog, loaded when the host opens it (a patient never downloads it). */
const CompleteVisit = lazy(() => import('@/features/visit/components/complete-visit'));

/**
 * /visit/:appointmentId, one page for the patient and the host (docs/visit-page.md): the check of
 * camera and microphone, the waiting room, the call, and the phone instead when video will
 * not do. The server decides who may join and when; this page shows what it says. The page sits
 * outside the site's server-state layout (no navigation around a call), so it brings the site's
 * one query client itself.
 */
export default function VisitPageWithQueries() {
  return (
    <QueryClientProvider client={queryClient}>
      <VisitPage />
    </QueryClientProvider>
  );
}

function VisitPage() {
  const { appointmentId = '' } = useParams();
  usePageTitle('Video visit');
  const uid = useUid();
  const [state, dispatch] = useReducer(reduce, initialState);
  // Nobody signed in: the page says how to (Firebase answers before any call is made).
  const screen = uid === null ? ({ name: 'signed-out' } as const) : screenOf(state);
  const role = roleOf(state);
  const peerName = peerNameOf(state);
  const phoneLabel = role === 'host' ? 'Call the patient' : 'Call me instead';
  const [busy, run] = useBusy();
  const [completing, setCompleting] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useVisitViewEvents(appointmentId, uid, dispatch);
  const call = useVisitCall({
    appointmentId,
    uid,
    dispatch,
    screen,
    peerName,
    phoneLabel,
    rejoin: state.rejoin,
    audioMode: state.visit?.mode === 'audio',
  });
  const phoneNumber = usePatientPhone(appointmentId, screen.name === 'phone' && role === 'host');

  // Focus follows the state, so a screen reader and a keyboard start at the new screen's heading.
  useEffect(() => {
    if (screen.name === 'loading' || screen.name === 'joining') return;
    (heading.current ?? document.getElementById('visit-title'))?.focus();
  }, [screen.name]);

  async function phone() {
    const question =
      role === 'host'
        ? [
            'Call the patient?',
            'Yes, call',
            `The video call ends and the visit is recorded as held by phone. You will see ${peerName}'s number.`,
          ]
        : ['Call me instead?', 'Yes, call me', `${peerName} will call the phone number in your booking. The video call ends.`];
    if (await confirm(question[0], question[1], question[2])) await run(call.actions.phone);
  }

  // What both rooms before the call take: the heading to focus, the busy flag, and the ways out.
  const room = { headingRef: heading, busy, onPhone: () => void phone(), onLeave: () => void run(call.actions.leave) };
  const complete = () => setCompleting(true);
  const closeComplete = useCallback(() => setCompleting(false), []);

  function body() {
    switch (screen.name) {
      case 'loading':
        return <Loading text="Opening your visit…" />;
      case 'signed-out':
        return <SignedOutCard headingRef={heading} appointmentId={appointmentId} />;
      case 'refused':
        return <RefusedCard headingRef={heading} message={screen.message} lostAccess={screen.lostAccess} role={role} />;
      case 'not-open':
        return <NotOpenCard headingRef={heading} opensAt={screen.opensAt} role={role} />;
      case 'staff':
        return <StaffCard headingRef={heading} appointmentId={appointmentId} visit={screen.visit} />;
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
              onJoin={(stream, audio) => void call.join(stream, audio)}
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
        return (
          <HostRoom
            patientName={peerName}
            waitingSince={screen.waitingSince}
            onAdmit={() => void run(call.actions.admit)}
            {...room}
          />
        );
      case 'call':
        return (
          <CallScreen
            peerName={peerName}
            remote={call.remote}
            local={call.session?.stream}
            connection={state.connection}
            peerAway={call.peer.away}
            peerMuted={call.peer.muted}
            peerCameraOff={call.peer.cameraOff}
            quality={call.quality}
            audioProblem={audioProblemOf(call.audioHealth, peerName)}
            onRepairAudio={() => void run(call.actions.repairAudio)}
            setupProblem={call.setup && (call.setup === 'retrying' ? SETUP_RETRYING : setupFailed(peerName, phoneLabel))}
            dataUsed={call.dataUsed}
            audioOnly={state.audioOnly}
            muted={call.muted}
            cameraOff={call.cameraOff}
            onMute={call.actions.toggleMute}
            onCamera={call.actions.toggleCamera}
            onAudioOnly={() => void run(call.actions.audioOnly)}
            onPhone={() => void phone()}
            phoneLabel={phoneLabel}
            onHangUp={() => void run(call.actions.leave)}
            onComplete={role === 'host' ? complete : undefined}
            busy={busy}
            notice={state.notice}
            headingRef={heading}
            chat={uid && <ChatPanel messages={call.chat} uid={uid} peerName={peerName} onSend={call.actions.sendChat} />}
          />
        );
      case 'phone':
        return (
          <PhoneCard
            headingRef={heading}
            role={role}
            peerName={peerName}
            patientPhone={phoneNumber.data}
            busy={busy}
            onComplete={complete}
          />
        );
      case 'left':
        return (
          <LeftCard
            headingRef={heading}
            role={role}
            closesAt={state.view?.closesAt}
            onRejoin={() => dispatch({ type: 'rejoin' })}
          />
        );
      case 'ended':
        return <EndedCard headingRef={heading} role={role} peerName={peerName} endedAs={state.visit?.endedAs} />;
    }
  }

  return (
    <div className="visit">
      <style>{visitCss + callCss}</style>
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
          <CompleteVisit appointmentId={appointmentId} onClose={closeComplete} />
        </Suspense>
      )}
    </div>
  );
}
