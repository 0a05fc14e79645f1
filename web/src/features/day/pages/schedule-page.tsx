import { FieldArray, Formik, getIn, useFormikContext, type FormikHelpers } from 'formik';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes } from 'react';
import { SLOT_MINUTES, WEEKDAYS, doctorScheduleSchema, type DoctorSchedule, type Weekday } from '@api/scheduling';
import { DoctorOptions, doctorWithSpecialty } from '@/features/staff/components/doctor-options';
import { useDoctorList } from '@/features/staff/api/doctors-api';
import { useDoctorSchedule, useSaveSchedule } from '@/features/day/api/schedule-api';
import { affectedOf, useConfirmAffected } from '@/features/day/components/affected-dialog';
import { Loaded, StaffPage } from '@/features/staff/components/list-parts';
import { addDays, todayInGhana } from '@/features/staff/days';
import {
  WEEKDAY_NAMES,
  emptySchedule,
  fieldOfMessage,
  isWholeDays,
  messagesIn,
  nextRange,
  readable,
  toggleWholeDays,
  wholeDays,
  wholeDaysOf,
} from '@/features/day/schedule-form';
import { useStaff } from '@/features/staff/staff-session';
import { ApiError, apiMessage } from '@/lib/api-client';
import scheduleCss from '../schedule.css?inline';

/** What the server refused, and which part of the form it names. */
interface ServerError {
  field: string;
  message: string;
}

/** The messages for one part of the form: the schema's once Save was tried, and the server's. */
function useMessages(path: string, serverError: ServerError | undefined): string[] {
  const { errors, submitCount } = useFormikContext<DoctorSchedule>();
  const own = submitCount > 0 ? messagesIn(getIn(errors, path)) : [];
  const server = serverError && serverError.field === path ? [serverError.message] : [];
  return [...new Set([...own, ...server])].map(readable);
}

function Messages({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div id={id} className="field-error" role="alert">
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}

/** A required input of the form, with its label. */
function Input({ id, label, ...input }: { id: string; label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} required {...input} />
    </div>
  );
}

function WeekdayHours({ day, serverError }: { day: Weekday; serverError?: ServerError }) {
  const { values, getFieldProps } = useFormikContext<DoctorSchedule>();
  const base = useId();
  const ranges = values.weekly[day];
  const messages = useMessages(`weekly.${day}`, serverError);
  const name = WEEKDAY_NAMES[day];
  return (
    <FieldArray name={`weekly.${day}`}>
      {(list) => (
        <fieldset
          className={`schedule-day${messages.length ? ' invalid' : ''}`}
          aria-describedby={messages.length ? `${base}-error` : undefined}
        >
          <legend>{name}</legend>
          {ranges.length === 0 && <p className="staff-muted">Closed</p>}
          {ranges.map((_, i) => (
            <div key={i} className="schedule-range" role="group" aria-label={`${name}, hours ${i + 1}`}>
              <Input id={`${base}-${i}-from`} label="From" type="time" step={300} {...getFieldProps(`weekly.${day}.${i}.from`)} />
              <Input id={`${base}-${i}-to`} label="To" type="time" step={300} {...getFieldProps(`weekly.${day}.${i}.to`)} />
              <button type="button" className="btn btn-outline schedule-remove" onClick={() => list.remove(i)}>
                <Trash2 aria-hidden="true" size={16} />
                <span className="visually-hidden">
                  Remove {name}, hours {i + 1}
                </span>
              </button>
            </div>
          ))}
          <Messages id={`${base}-error`} messages={messages} />
          <button type="button" className="btn btn-outline schedule-add" onClick={() => list.push(nextRange(ranges))}>
            <Plus aria-hidden="true" size={16} /> Add hours<span className="visually-hidden"> on {name}</span>
          </button>
        </fieldset>
      )}
    </FieldArray>
  );
}

function TimeOffEntry({ index, onRemove, serverError }: { index: number; onRemove: () => void; serverError?: ServerError }) {
  const { values, setFieldValue, getFieldProps } = useFormikContext<DoctorSchedule>();
  const base = useId();
  const off = values.timeOff[index];
  const whole = isWholeDays(off);
  const messages = useMessages(`timeOff[${index}]`, serverError);
  const set = (next: typeof off) => void setFieldValue(`timeOff.${index}`, next);
  const days = wholeDaysOf(off);
  return (
    <li
      className={`schedule-off${messages.length ? ' invalid' : ''}`}
      aria-label={`Time off ${index + 1}`}
      aria-describedby={messages.length ? `${base}-error` : undefined}
    >
      <label className="schedule-whole">
        <input type="checkbox" checked={whole} onChange={() => set(toggleWholeDays(off))} /> Whole days
      </label>
      {whole ? (
        <>
          <Input
            id={`${base}-first`}
            label="First day"
            type="date"
            value={days.first}
            onChange={(e) =>
              e.target.value && set(wholeDays(e.target.value, days.last < e.target.value ? e.target.value : days.last))
            }
          />
          <Input
            id={`${base}-last`}
            label="Last day"
            type="date"
            min={days.first}
            value={days.last}
            onChange={(e) => e.target.value && set(wholeDays(days.first, e.target.value))}
          />
        </>
      ) : (
        <>
          <Input id={`${base}-from`} label="From" type="datetime-local" {...getFieldProps(`timeOff.${index}.from`)} />
          <Input id={`${base}-to`} label="To" type="datetime-local" {...getFieldProps(`timeOff.${index}.to`)} />
        </>
      )}
      <button type="button" className="btn btn-outline schedule-remove" onClick={onRemove}>
        <Trash2 aria-hidden="true" size={16} />
        <span className="visually-hidden">Remove time off {index + 1}</span>
      </button>
      <Messages id={`${base}-error`} messages={messages} />
    </li>
  );
}

function ScheduleFields({ serverError, saved }: { serverError?: ServerError; saved: boolean }) {
  const { values, getFieldProps, isSubmitting, handleSubmit, dirty } = useFormikContext<DoctorSchedule>();
  const ids = { slot: useId(), slotError: useId(), formError: useId() };
  const slotMessages = useMessages('slotMinutes', serverError);
  const formMessages = serverError?.field === 'form' ? [readable(serverError.message)] : [];
  const tomorrow = addDays(todayInGhana(), 1);
  return (
    <form className="schedule-form" aria-label="Weekly hours and time off" noValidate onSubmit={handleSubmit}>
      <section className="staff-card" aria-labelledby="weekly-title">
        <h2 id="weekly-title">Weekly hours</h2>
        <p className="staff-muted">Africa/Accra time. A day without hours is closed; a day may have several ranges.</p>
        <div className="schedule-week">
          {WEEKDAYS.map((day) => (
            <WeekdayHours key={day} day={day} serverError={serverError} />
          ))}
        </div>
        <div className={`field schedule-slot${slotMessages.length ? ' invalid' : ''}`}>
          <label htmlFor={ids.slot}>Slot length</label>
          <select
            id={ids.slot}
            {...getFieldProps('slotMinutes')}
            aria-describedby={slotMessages.length ? ids.slotError : undefined}
            aria-invalid={slotMessages.length > 0 || undefined}
          >
            {SLOT_MINUTES.map((m) => (
              <option key={m} value={m}>
                {m} minutes
              </option>
            ))}
          </select>
          <Messages id={ids.slotError} messages={slotMessages} />
        </div>
      </section>
      <section className="staff-card" aria-labelledby="time-off-title">
        <h2 id="time-off-title">Time off</h2>
        <FieldArray name="timeOff">
          {(list) => (
            <>
              {values.timeOff.length === 0 ? (
                <p className="staff-muted">No time off.</p>
              ) : (
                <ul className="schedule-offs">
                  {values.timeOff.map((_, i) => (
                    <TimeOffEntry key={i} index={i} onRemove={() => list.remove(i)} serverError={serverError} />
                  ))}
                </ul>
              )}
              <button
                type="button"
                className="btn btn-outline schedule-add"
                onClick={() => list.push(wholeDays(tomorrow, tomorrow))}
              >
                <Plus aria-hidden="true" size={16} /> Add time off
              </button>
            </>
          )}
        </FieldArray>
      </section>
      <div className="form-actions schedule-actions">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          Save
        </button>
        <p role="status" className="schedule-saved">
          {saved && !dirty ? 'Saved' : ''}
        </p>
        <Messages id={ids.formError} messages={formMessages} />
      </div>
    </form>
  );
}

/** One doctor's schedule: loaded, edited with the server's own schema, saved. */
function ScheduleEditor({ doctorId }: { doctorId: string }) {
  const schedule = useDoctorSchedule(doctorId);
  const save = useSaveSchedule(doctorId);
  const [serverError, setServerError] = useState<ServerError>();
  const [saved, setSaved] = useState(false);
  const confirmAffected = useConfirmAffected();

  async function submit(values: DoctorSchedule, helpers: FormikHelpers<DoctorSchedule>) {
    setServerError(undefined);
    setSaved(false);
    const put = (confirm: boolean) => save.mutateAsync({ ...(doctorScheduleSchema.cast(values) as DoctorSchedule), confirm });
    try {
      let answer;
      try {
        answer = await put(false);
      } catch (err) {
        // Time off over booked appointments: the server lists them first; saved only once confirmed.
        const affected = affectedOf(err);
        if (!affected) throw err;
        if (!(await confirmAffected.ask('This time off', affected))) return;
        answer = await put(true);
      }
      helpers.resetForm({ values: answer.schedule ?? values });
      setSaved(true);
    } catch (err) {
      const message = apiMessage(err, 'The schedule could not be saved. Please try again.');
      setServerError({ field: err instanceof ApiError && err.status === 400 ? fieldOfMessage(message) : 'form', message });
    }
  }

  return (
    <Loaded query={schedule}>
      {(data) => (
        <>
          {!data.schedule && (
            <p className="staff-message">No hours are set yet, so patients see no free times for this doctor.</p>
          )}
          <Formik<DoctorSchedule>
            initialValues={data.schedule ?? emptySchedule()}
            validationSchema={doctorScheduleSchema}
            onSubmit={submit}
          >
            <ScheduleFields serverError={serverError} saved={saved} />
          </Formik>
          {confirmAffected.element}
        </>
      )}
    </Loaded>
  );
}

/** Schedule: an admin chooses any doctor; a doctor edits their own weekly hours, slot length and time off. */
export default function SchedulePage() {
  const me = useStaff();
  const isAdmin = me.role === 'admin';
  const doctors = useDoctorList(true);
  const [chosen, setChosen] = useState('');
  const doctorId = isAdmin ? chosen : (me.doctorId ?? '');
  const doctor = doctors.data?.find((d) => d.doctorId === doctorId);
  const pickerId = useId();
  return (
    <StaffPage title="Schedule">
      <style>{scheduleCss}</style>
      {isAdmin ? (
        <div className="field staff-inline-field schedule-doctor">
          <label htmlFor={pickerId}>Doctor</label>
          <select id={pickerId} value={chosen} onChange={(e) => setChosen(e.target.value)}>
            <option value="">{doctors.data ? 'Choose a doctor' : 'Loading doctors…'}</option>
            <DoctorOptions doctors={doctors.data} name={doctorWithSpecialty} />
          </select>
        </div>
      ) : (
        doctor && <p className="staff-subtitle">{doctorWithSpecialty(doctor)}</p>
      )}
      {doctorId ? (
        <ScheduleEditor key={doctorId} doctorId={doctorId} />
      ) : (
        !isAdmin && <p className="staff-message">Your account is not linked to a doctor record. Ask an admin.</p>
      )}
    </StaffPage>
  );
}
