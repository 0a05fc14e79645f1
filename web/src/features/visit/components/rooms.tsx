import { LogOut, PhoneCall, UserCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { visitMoment } from '@api/visits';

interface RoomProps {
  headingRef: React.Ref<HTMLHeadingElement>;
  busy: boolean;
  onPhone: () => void;
  onLeave: () => void;
}

/** Minutes since an ISO time, kept up to date. */
function useMinutesSince(iso: string | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [iso]);
  return iso ? Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000)) : undefined;
}

const minutes = (n: number) => (n === 0 ? 'less than a minute' : n === 1 ? '1 minute' : `${n} minutes`);

/** The patient's waiting room: the host knows they are here and lets them in. */
export function WaitingRoom({ hostName, headingRef, busy, onPhone, onLeave }: RoomProps & { hostName: string }) {
  return (
    <section className="visit-card visit-room" aria-labelledby="waiting-title">
      <span className="visit-pulse" aria-hidden="true" />
      <h2 id="waiting-title" tabIndex={-1} ref={headingRef}>
        {hostName} knows you are here
      </h2>
      <p>Please stay on this page. The call starts as soon as {hostName} lets you in.</p>
      <p className="visit-hint">If the video does not work for you, you can ask to be called on your phone instead.</p>
      <div className="form-actions">
        <button type="button" className="btn btn-outline" onClick={onPhone} disabled={busy}>
          <PhoneCall aria-hidden="true" size={18} /> Call me instead
        </button>
        <button type="button" className="btn btn-outline" onClick={onLeave} disabled={busy}>
          <LogOut aria-hidden="true" size={18} /> Leave
        </button>
      </div>
    </section>
  );
}

/** The host before the call: who is waiting and since when, and Admit. */
export function HostRoom({
  patientName,
  waitingSince,
  headingRef,
  busy,
  onAdmit,
  onPhone,
  onLeave,
}: RoomProps & { patientName: string; waitingSince?: string; onAdmit: () => void }) {
  const waited = useMinutesSince(waitingSince);
  return (
    <section className="visit-card visit-room" aria-labelledby="host-room-title">
      {waitingSince ? (
        <>
          <span className="visit-pulse" aria-hidden="true" />
          <h2 id="host-room-title" tabIndex={-1} ref={headingRef}>
            {patientName} is waiting
          </h2>
          <p>
            In the waiting room since {visitMoment(waitingSince)}
            {waited !== undefined && ` (${minutes(waited)})`}.
          </p>
          <div className="form-actions">
            <button type="button" className="btn btn-primary" onClick={onAdmit} disabled={busy}>
              <UserCheck aria-hidden="true" size={18} /> Admit
            </button>
            <button type="button" className="btn btn-outline" onClick={onPhone} disabled={busy}>
              <PhoneCall aria-hidden="true" size={18} /> Call the patient
            </button>
          </div>
        </>
      ) : (
        <>
          <h2 id="host-room-title" tabIndex={-1} ref={headingRef}>
            {patientName} has not joined yet
          </h2>
          <p>This page shows them as soon as they are in the waiting room.</p>
          <div className="form-actions">
            <button type="button" className="btn btn-outline" onClick={onPhone} disabled={busy}>
              <PhoneCall aria-hidden="true" size={18} /> Call the patient
            </button>
          </div>
        </>
      )}
      <div className="form-actions">
        <button type="button" className="btn btn-outline" onClick={onLeave} disabled={busy}>
          <LogOut aria-hidden="true" size={18} /> Leave
        </button>
      </div>
    </section>
  );
}
