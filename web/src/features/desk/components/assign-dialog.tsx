import { useId, useState, type FormEvent } from 'react';
import { assignSchema } from '@api/front-desk';
import { Modal } from '@/components/modal';
import { useAssign, useClinicians } from '@/features/desk/api/appointments-api';
import type { StaffAppointment } from '@/features/staff/api/appointment-api';
import { apiMessage } from '@/lib/api-client';
import { showSuccess } from '@/lib/dialogs';
import { windowText } from '@/features/staff/visits';
import { FormEnd } from '@/features/staff/components/form-error';

const ROLE_NAMES = { doctor: 'Doctor', nurse: 'Nurse' } as const;

/** The form in the dialog: who goes, and when they mean to arrive (told to the patient by SMS). */
function AssignForm({ appointment: a, onDone }: { appointment: StaffAppointment; onDone: () => void }) {
  const clinicians = useClinicians();
  const assign = useAssign();
  const ids = { who: useId(), from: useId(), to: useId(), error: useId() };
  const [who, setWho] = useState(a.assignedTo ?? '');
  const [from, setFrom] = useState(a.arrivalWindow?.from ?? '');
  const [to, setTo] = useState(a.arrivalWindow?.to ?? '');
  const [error, setError] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    const body = { assignedTo: who, ...(from || to ? { arrivalWindow: { from, to } } : {}) };
    try {
      await assignSchema.validate(body);
    } catch (err) {
      setError((err as Error).message);
      return;
    }
    try {
      const saved = await assign.mutateAsync({ appointmentId: a.appointmentId, ...body });
      onDone();
      const window = windowText(saved.arrivalWindow);
      await showSuccess(
        'Saved!',
        `${saved.assignedToName ?? 'The clinician'} is assigned${window ? `, arriving ${window}` : ''}. The patient is told by SMS.`,
      );
    } catch (err) {
      setError(apiMessage(err, 'The visit could not be assigned. Please try again.'));
    }
  }

  return (
    <form
      className="staff-form-grid"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-describedby={error ? ids.error : undefined}
    >
      <div className="field span-all">
        <label htmlFor={ids.who}>Clinician</label>
        <select id={ids.who} value={who} required onChange={(e) => setWho(e.target.value)}>
          <option value="">{clinicians.data ? 'Choose a doctor or nurse' : 'Loading…'}</option>
          {clinicians.data?.map((c) => (
            <option key={c.uid} value={c.uid}>
              {c.name} ({ROLE_NAMES[c.role]})
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.from}>Arrives from</label>
        <input id={ids.from} type="time" value={from} onChange={(e) => setFrom(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={ids.to}>Arrives by</label>
        <input id={ids.to} type="time" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      <FormEnd errorId={ids.error} error={error} busy={assign.isPending} submit="Assign" />
    </form>
  );
}

/**
 * The Assign dialog of a home visit: a doctor or nurse, and the arrival window. Loaded when first
 * opened, so the detail page's first load stays without the schema (yup).
 */
export default function AssignDialog({ appointment, onClose }: { appointment: StaffAppointment; onClose: () => void }) {
  return (
    <Modal open onClose={onClose} title="Assign home visit">
      <AssignForm appointment={appointment} onDone={onClose} />
    </Modal>
  );
}
