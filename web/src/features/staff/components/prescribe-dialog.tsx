import { FieldArray, Formik } from 'formik';
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
import { Modal } from '@/components/modal';
import { SpinnerOverlay } from '@/components/spinner';
import { usePrescribe } from '@/features/staff/api/record-api';
import type { StaffAppointment } from '@/features/staff/api/staff-api';
import { showApiError, showSuccess } from '@/lib/dialogs';
import { SchemaForm, DialogActions } from '@/features/staff/components/dialog-form';

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
    <Modal open onClose={onClose} title="Prescribe" className="record-dialog">
      <p className="modal-intro">
        For {a.firstName} {a.lastName}. A pharmacy checks the prescription by its code; the patient can also order the medicines
        for delivery.
      </p>
      <Formik<{ items: ItemValues[] }>
        initialValues={{ items: [emptyItem()] }}
        validationSchema={prescriptionSchema}
        onSubmit={submit}
      >
        {(formik) => (
          <SchemaForm label="Prescribe" submitForm={formik.submitForm}>
            <FieldArray name="items">
              {({ push, remove }) => (
                <>
                  {formik.values.items.map((_, i) => (
                    <fieldset key={i} className="record-fieldset record-item">
                      <legend>Medicine {i + 1}</legend>
                      <div className="form-grid two-columns">
                        <FormField name={`items.${i}.medicine`} label="Medicine" required maxLength={MEDICINE_MAX} />
                        <FormField
                          name={`items.${i}.strength`}
                          label="Strength"
                          required
                          maxLength={ITEM_FIELD_MAX}
                          placeholder="500 mg"
                        />
                        <FormField
                          name={`items.${i}.dose`}
                          label="Dose"
                          required
                          maxLength={ITEM_FIELD_MAX}
                          placeholder="1 tablet"
                        />
                        <FormField
                          name={`items.${i}.frequency`}
                          label="How often"
                          required
                          maxLength={ITEM_FIELD_MAX}
                          placeholder="3 times a day"
                        />
                        <FormField
                          name={`items.${i}.duration`}
                          label="How long"
                          required
                          maxLength={ITEM_FIELD_MAX}
                          placeholder="5 days"
                        />
                        <FormField
                          name={`items.${i}.quantity`}
                          label="Quantity"
                          required
                          type="number"
                          inputMode="numeric"
                          min={1}
                        />
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
                  {typeof formik.errors.items === 'string' && (
                    <p className="field-error" role="alert">
                      {formik.errors.items}
                    </p>
                  )}
                  {formik.values.items.length < PRESCRIPTION_ITEMS_MAX && (
                    <button type="button" className="btn btn-outline" onClick={() => push(emptyItem())}>
                      <Plus aria-hidden="true" size={18} /> Add medicine
                    </button>
                  )}
                </>
              )}
            </FieldArray>
            <DialogActions busy={prescribe.isPending} onCancel={onClose}>
              <Send aria-hidden="true" size={18} /> Issue prescription
            </DialogActions>
          </SchemaForm>
        )}
      </Formik>
      <SpinnerOverlay show={prescribe.isPending} />
    </Modal>
  );
}
