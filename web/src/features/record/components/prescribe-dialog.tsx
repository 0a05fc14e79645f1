import { FieldArray } from 'formik';
import { Plus, Send, Trash2 } from 'lucide-react';
import {
  ITEM_FIELD_MAX,
  ITEM_NOTES_MAX,
  MEDICINE_MAX,
  PRESCRIPTION_ITEMS_MAX,
  prescriptionSchema,
  type PrescriptionRequest,
} from '@api/record';
import { FormField } from '@/components/form-field';
import { usePrescribe } from '@/features/record/api/record-api';
import type { StaffAppointment } from '@/features/staff/api/appointment-api';
import { showApiError, showSuccess } from '@/lib/dialogs';
import { FormDialog, GroupError } from '@/features/record/components/dialog-form';

/** A row as the inputs hold it (the quantity as typed). */
type ItemValues = Omit<PrescriptionRequest['items'][number], 'quantity'> & { quantity: number | '' };

const emptyItem = (): ItemValues => ({
  medicine: '',
  strength: '',
  dose: '',
  frequency: '',
  duration: '',
  quantity: '',
  notes: '',
});

/** How each medicine is taken: the short fields of a row, with the example each shows. */
const DOSE_FIELDS = [
  ['strength', 'Strength', '500 mg'],
  ['dose', 'Dose', '1 tablet'],
  ['frequency', 'How often', '3 times a day'],
  ['duration', 'How long', '5 days'],
] as const;

/**
 * 'Prescribe': one or more medicines, checked with the API's schema (@api/record
 * prescriptionSchema). The server issues the code and sends it to the patient by SMS and e-mail.
 */
export function PrescribeDialog({ appointment: a, onClose }: { appointment: StaffAppointment; onClose: () => void }) {
  const prescribe = usePrescribe();
  async function submit(values: { items: ItemValues[] }) {
    try {
      const body = prescriptionSchema.cast(values) as PrescriptionRequest;
      const { code } = await prescribe.mutateAsync({ appointmentId: a.appointmentId, ...body });
      onClose();
      await showSuccess('Saved!', `Prescription ${code} has been issued. The patient has been sent its code by SMS and e-mail.`);
    } catch (err) {
      await showApiError(err);
    }
  }

  return (
    <FormDialog<{ items: ItemValues[] }>
      title="Prescribe"
      intro={
        <p className="modal-intro">
          For {a.firstName} {a.lastName}. A pharmacy checks the prescription by its code; the patient can also order the medicines
          for delivery.
        </p>
      }
      form={{ initialValues: { items: [emptyItem()] }, validationSchema: prescriptionSchema, onSubmit: submit }}
      busy={prescribe.isPending}
      icon={Send}
      submit="Issue prescription"
      onClose={onClose}
    >
      {(formik) => (
        <FieldArray name="items">
          {({ push, remove }) => (
            <>
              {formik.values.items.map((_, i) => (
                <fieldset key={i} className="record-fieldset record-item">
                  <legend>Medicine {i + 1}</legend>
                  <div className="form-grid two-columns">
                    <FormField name={`items.${i}.medicine`} label="Medicine" required maxLength={MEDICINE_MAX} />
                    {DOSE_FIELDS.map(([field, label, example]) => (
                      <FormField
                        key={field}
                        name={`items.${i}.${field}`}
                        label={label}
                        required
                        maxLength={ITEM_FIELD_MAX}
                        placeholder={example}
                      />
                    ))}
                    <FormField name={`items.${i}.quantity`} label="Quantity" required type="number" inputMode="numeric" min={1} />
                    <FormField
                      as="textarea"
                      name={`items.${i}.notes`}
                      label="Notes"
                      rows={2}
                      maxLength={ITEM_NOTES_MAX}
                      className="span-all"
                    />
                  </div>
                  {formik.values.items.length > 1 && (
                    <button type="button" className="btn btn-outline" onClick={() => remove(i)}>
                      <Trash2 aria-hidden="true" size={18} /> Remove medicine {i + 1}
                    </button>
                  )}
                </fieldset>
              ))}
              <GroupError error={formik.errors.items} />
              {formik.values.items.length < PRESCRIPTION_ITEMS_MAX && (
                <button type="button" className="btn btn-outline" onClick={() => push(emptyItem())}>
                  <Plus aria-hidden="true" size={18} /> Add medicine
                </button>
              )}
            </>
          )}
        </FieldArray>
      )}
    </FormDialog>
  );
}
