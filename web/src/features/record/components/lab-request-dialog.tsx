import { useState, type FormEvent } from 'react';
import { FlaskConical } from 'lucide-react';
import { formatGhs } from '@api/format';
import { labRequestSchema } from '@api/record';
import { Modal } from '@/components/modal';
import { Loading, SpinnerOverlay } from '@/components/spinner';
import { useLabPriceList, useRequestLabs } from '@/features/record/api/record-api';
import type { StaffAppointment } from '@/features/staff/api/appointment-api';
import { showApiError, showSuccess } from '@/lib/dialogs';
import { DialogActions } from '@/features/record/components/dialog-form';

/**
 * 'Request lab tests': tests from the lab price list (@api/record labRequestSchema). The
 * patient then books them in one step from their dashboard, priced by the server.
 */
export function LabRequestDialog({ appointment: a, onClose }: { appointment: StaffAppointment; onClose: () => void }) {
  const labs = useLabPriceList(true);
  const request = useRequestLabs();
  const [tests, setTests] = useState<string[]>([]);
  const [error, setError] = useState<string>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      await labRequestSchema.validate({ tests });
    } catch (err) {
      setError((err as Error).message);
      return;
    }
    try {
      await request.mutateAsync({ appointmentId: a.appointmentId, tests });
      onClose();
      await showSuccess('Saved!', 'The lab tests have been requested. The patient can book them from their dashboard.');
    } catch (err) {
      await showApiError(err);
    }
  }

  const toggle = (id: string) => {
    setError(undefined);
    setTests((t) => (t.includes(id) ? t.filter((x) => x !== id) : [...t, id]));
  };

  return (
    <Modal open onClose={onClose} title="Request lab tests" className="record-dialog">
      <p className="modal-intro">
        For {a.firstName} {a.lastName}. The patient books the tests you choose from their dashboard.
      </p>
      <form noValidate aria-label="Request lab tests" onSubmit={(e) => void submit(e)}>
        {labs.isPending ? (
          <Loading text="Loading the lab price list…" />
        ) : labs.error ? (
          <p className="field-error" role="alert">
            {labs.error.message}
          </p>
        ) : (
          <fieldset
            className={`record-fieldset${error ? ' invalid' : ''}`}
            aria-describedby={error ? 'lab-request-error' : undefined}
          >
            <legend>Lab tests</legend>
            <ul className="record-checks two-up">
              {labs.data?.map((lab) => (
                <li key={lab.id}>
                  <label>
                    <input type="checkbox" checked={tests.includes(lab.id)} onChange={() => toggle(lab.id)} /> {lab.itemName}{' '}
                    <span className="staff-muted">({formatGhs(lab.itemPrice)})</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        {error && (
          <p id="lab-request-error" className="field-error" role="alert">
            {error}
          </p>
        )}
        <DialogActions busy={request.isPending || !labs.data} onCancel={onClose}>
          <FlaskConical aria-hidden="true" size={18} /> Request tests
        </DialogActions>
      </form>
      <SpinnerOverlay show={request.isPending} />
    </Modal>
  );
}
