import { CalendarClock } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { todayInGhana } from '@api/booking-request';
import { formatWhen } from '@api/format';
import type { RescheduleRequest } from '@api/scheduling';
import { SERVICE_ID } from '@api/service-catalog';
import { Modal } from '@/components/modal';
import { SpinnerOverlay } from '@/components/spinner';
import type { Appointment } from '@/features/appointments/api/appointments';
import { useRescheduleAppointment, usesDailyCapacity } from '@/features/appointments/api/availability';
import { mayReschedule } from '@/features/appointments/booking-rules';
import { SlotPicker, type Availability } from '@/features/appointments/components/slot-picker';
import { showApiError, showSuccess } from '@/lib/dialogs';

/** Where the appointment's new day (and time) come from: the same as when it was booked. */
function availabilityOf(a: Appointment): Availability | undefined {
  if (a.requestedServiceId === SERVICE_ID.virtualConsultation && a.doctorId) return { kind: 'doctor', doctorId: a.doctorId };
  if (usesDailyCapacity(a.requestedServiceId, a.requestedServiceOption))
    return { kind: 'capacity', serviceId: a.requestedServiceId };
  return undefined;
}

export const when = (day: string, time: string | null | undefined) => formatWhen(day, time);

/** A day and time typed in, for a service without slots or a daily capacity (lab tests, a dietician online). */
function PlainDayAndTime({
  day,
  time,
  withTime,
  onChange,
}: {
  day: string;
  time: string;
  withTime: boolean;
  onChange: (d: string, t: string) => void;
}) {
  const ids = { day: useId(), time: useId() };
  return (
    <>
      <div className="field">
        <label htmlFor={ids.day}>Preferred Date</label>
        <input
          id={ids.day}
          type="date"
          min={todayInGhana()}
          value={day}
          required
          onChange={(e) => onChange(e.target.value, time)}
        />
      </div>
      {withTime && (
        <div className="field">
          <label htmlFor={ids.time}>Preferred Time</label>
          <input id={ids.time} type="time" value={time} required onChange={(e) => onChange(day, e.target.value)} />
        </div>
      )}
    </>
  );
}

export interface RescheduleFormProps {
  appointment: Appointment;
  /** Sends the move: the patient's route, or the console's (which may move at any time). */
  move: (to: RescheduleRequest) => Promise<Appointment>;
  pending: boolean;
  /** After the move: the caller's confirmation. */
  onMoved: (moved: Appointment) => Promise<unknown>;
  onDone: () => void;
  /** A refusal (409: taken meanwhile, too late, moved twice): by default the server's sentence in the form. */
  onRefused?: (err: unknown) => Promise<unknown>;
}

/** The new day (and time) from the same source as when it was booked, then the move. */
export function RescheduleForm({ appointment: a, move, pending, onMoved, onDone, onRefused }: RescheduleFormProps) {
  const [choice, setChoice] = useState({ day: '', time: '' });
  const [refusal, setRefusal] = useState('');
  const availability = availabilityOf(a);
  const withTime = Boolean(a.requestedTime);
  const complete = Boolean(choice.day && (!withTime || choice.time));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!complete) return;
    setRefusal('');
    try {
      const moved = await move({ requestedDay: choice.day, ...(withTime ? { requestedTime: choice.time } : {}) });
      onDone();
      await onMoved(moved);
    } catch (err) {
      // The free times have refreshed meanwhile, so a taken one is no longer offered.
      if (onRefused) await onRefused(err);
      else setRefusal(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <form className="reschedule-form" aria-label="Choose a new time" noValidate onSubmit={(e) => void submit(e)}>
      <p>
        Now: <strong>{when(a.requestedDay, a.requestedTime)}</strong>. Choose a new {withTime ? 'day and time' : 'day'}.
      </p>
      {availability ? (
        <SlotPicker
          availability={availability}
          day={choice.day}
          time={choice.time}
          onChange={(day, time) => setChoice({ day, time })}
        />
      ) : (
        <PlainDayAndTime
          day={choice.day}
          time={choice.time}
          withTime={withTime}
          onChange={(day, time) => setChoice({ day, time })}
        />
      )}
      {refusal && (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={!complete || pending}>
          <CalendarClock aria-hidden="true" size={18} /> Move appointment
        </button>
        <button type="button" className="btn btn-outline" onClick={onDone}>
          Keep current time
        </button>
      </div>
      <SpinnerOverlay show={pending} />
    </form>
  );
}

/** 'Reschedule' beside Make Payment / Delete / Cancel, when the policy allows a move; it opens the free days and times. */
export function RescheduleButton({ appointment }: { appointment: Appointment }) {
  const [open, setOpen] = useState(false);
  const move = useRescheduleAppointment();
  if (!mayReschedule(appointment)) return null;
  return (
    <>
      <button type="button" className="btn btn-outline" onClick={() => setOpen(true)}>
        <CalendarClock aria-hidden="true" size={18} /> Reschedule
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Reschedule" className="reschedule-dialog">
        <RescheduleForm
          appointment={appointment}
          move={(to) => move.mutateAsync({ appointmentId: appointment.appointmentId, ...to })}
          pending={move.isPending}
          onMoved={(moved) =>
            showSuccess('Saved!', `Your appointment is now on ${when(moved.requestedDay, moved.requestedTime)}.`)
          }
          onDone={() => setOpen(false)}
          onRefused={showApiError}
        />
      </Modal>
    </>
  );
}
