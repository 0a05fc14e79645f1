import { validateYupSchema, yupToFormErrors, type FormikErrors } from 'formik';
import { CheckCircle2 } from 'lucide-react';
import { formatWhen } from '@api/format';
import { NOTE_FIELDS, NOTE_MAX, FOLLOW_UP_NOTE_MAX, type ClinicalNotes } from '@api/record';
import type { CompleteRequest } from '@api/staff';
import { completeSchema, VISIT_SUMMARY_MAX } from '@api/staff-requests';
import { FormField } from '@/components/form-field';
import { useAppointmentAction, type StaffAppointment } from '@/features/staff/api/appointment-api';
import { showApiError, showSuccess } from '@/lib/dialogs';
import recordCss from '../record.css?inline';
import { FormDialog, GroupError } from '@/features/record/components/dialog-form';

type Described = Pick<StaffAppointment, 'firstName' | 'lastName' | 'requestedService' | 'requestedDay' | 'requestedTime'>;

/** 'Ama Mensah, Virtual Consultation on Thu 12 Mar 2026, 10:30': who and what a staff question is about. */
export const appointmentLine = (a: Described) =>
  `${a.firstName} ${a.lastName}, ${a.requestedService} on ${formatWhen(a.requestedDay, a.requestedTime)}`;

/** In how many days, or 'date' for a chosen day; '' for none. */
const FOLLOW_UPS = [
  ['', 'No follow-up'],
  ['7', 'In 1 week'],
  ['14', 'In 2 weeks'],
  ['30', 'In 1 month'],
  ['90', 'In 3 months'],
  ['date', 'On a day I choose'],
] as const;

interface CompleteValues {
  visitSummary: string;
  clinicalNotes: ClinicalNotes;
  followUpWhen: (typeof FOLLOW_UPS)[number][0];
  followUp: { date: string; note: string };
}

const initialValues: CompleteValues = {
  visitSummary: '',
  clinicalNotes: { complaint: '', findings: '', assessment: '', plan: '' },
  followUpWhen: '',
  followUp: { date: '', note: '' },
};

/** The form's values as the request (@api/staff CompleteRequest) the server validates with the same schema. */
export function completeRequestOf(v: CompleteValues): CompleteRequest {
  const { followUpWhen, followUp } = v;
  const when = followUpWhen === 'date' ? { date: followUp.date } : { afterDays: Number(followUpWhen) };
  return {
    visitSummary: v.visitSummary,
    clinicalNotes: v.clinicalNotes,
    ...(followUpWhen ? { followUp: { ...when, note: followUp.note } } : {}),
  };
}

const validate = (values: CompleteValues): Promise<FormikErrors<CompleteValues>> =>
  validateYupSchema(completeRequestOf(values), completeSchema).then(
    () => ({}),
    (err: unknown) => yupToFormErrors(err) as FormikErrors<CompleteValues>,
  );

/**
 * 'Complete visit': the summary the patient reads, the clinic's structured notes (never shown
 * to the patient in the dashboard) and an optional follow-up, whose reminder books it. Checked
 * with the API's own schema (@api/staff-requests completeSchema) before it is sent. The one
 * way a visit is completed: the appointment page and the video visit's call screen both open
 * it (it carries its own styles, since the call screen is outside the console's chunk).
 */
export function CompleteVisitDialog({
  appointment: a,
  onClose,
  onCompleted,
}: {
  appointment: StaffAppointment;
  onClose: () => void;
  onCompleted?: () => void;
}) {
  const acting = useAppointmentAction();
  async function submit(values: CompleteValues) {
    try {
      await acting.mutateAsync({ appointmentId: a.appointmentId, action: 'complete', body: completeRequestOf(values) });
      onClose();
      await showSuccess('Saved!', 'The appointment has been completed. The patient can read the summary in their dashboard.');
      onCompleted?.();
    } catch (err) {
      await showApiError(err);
    }
  }

  return (
    <FormDialog<CompleteValues>
      title="Complete visit"
      intro={
        <>
          <style>{recordCss}</style>
          <p className="modal-intro">{appointmentLine(a)}.</p>
        </>
      }
      form={{ initialValues, validate, onSubmit: submit }}
      busy={acting.isPending}
      icon={CheckCircle2}
      submit="Complete visit"
      onClose={onClose}
    >
      {(formik) => (
        <div className="form-grid">
          <FormField
            as="textarea"
            name="visitSummary"
            label="Visit summary (the patient reads this)"
            required
            rows={3}
            maxLength={VISIT_SUMMARY_MAX}
          />
          <fieldset className="record-fieldset">
            <legend>Clinical notes (for the clinic only)</legend>
            {NOTE_FIELDS.map(([field, label]) => (
              <FormField key={field} as="textarea" name={`clinicalNotes.${field}`} label={label} rows={2} maxLength={NOTE_MAX} />
            ))}
          </fieldset>
          <fieldset className="record-fieldset">
            <legend>Follow-up</legend>
            <FormField as="select" name="followUpWhen" label="Suggest a follow-up">
              {FOLLOW_UPS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </FormField>
            {formik.values.followUpWhen === 'date' && (
              <FormField name="followUp.date" label="Follow-up day" type="date" required />
            )}
            {formik.values.followUpWhen && (
              <FormField
                as="textarea"
                name="followUp.note"
                label="Note for the patient"
                rows={2}
                maxLength={FOLLOW_UP_NOTE_MAX}
              />
            )}
            <GroupError error={formik.errors.followUp} />
          </fieldset>
        </div>
      )}
    </FormDialog>
  );
}
