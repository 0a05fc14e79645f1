import { Formik } from 'formik';
import { useState } from 'react';
import { clinicPatientSchema, type ClinicPatientRequest, type ExistingPerson } from '@api/front-desk';
import { FormField } from '@/components/form-field';
import { RefuseInvalidSubmit } from '@/components/refuse-invalid-submit';
import { useAddPerson } from '@/features/desk/api/patients-api';
import type { DeskPerson } from '@/features/desk/desk-person';
import { ApiError, apiMessage } from '@/lib/api-client';
import { GenderField } from '@/shared/forms/choice-fields';
import { formatPhone } from '@api/ghana-phone';

interface Values {
  firstName: string;
  lastName: string;
  contactNumber: string;
  gender: string;
  emailAddress: string;
}

const EMPTY: Values = { firstName: '', lastName: '', contactNumber: '', gender: '', emailAddress: '' };

/** The 409's person: the number is already theirs (an account or a clinic record). */
function existingOf(err: unknown): ExistingPerson | undefined {
  if (!(err instanceof ApiError) || err.status !== 409) return undefined;
  const data = err.data as Partial<ExistingPerson> | null;
  return data?.patientId ? (data as ExistingPerson) : undefined;
}

/**
 * A person without an account, added by the desk (a clinic record): name, phone and gender, an
 * e-mail if they have one. Their phone is checked with a code next. A number that is already
 * someone's is refused with who it belongs to, so the desk books for them instead.
 */
export function AddPerson({
  onAdded,
  onFindExisting,
  onCancel,
}: {
  onAdded: (person: DeskPerson) => void;
  onFindExisting: (phone: string) => void;
  onCancel: () => void;
}) {
  const add = useAddPerson();
  const [existing, setExisting] = useState<ExistingPerson>();
  const [error, setError] = useState('');

  async function submit(values: Values) {
    setError('');
    setExisting(undefined);
    const body = clinicPatientSchema.cast(
      { ...values, gender: values.gender || undefined, emailAddress: values.emailAddress || undefined },
      { stripUnknown: true },
    ) as ClinicPatientRequest;
    try {
      const { patientId } = await add.mutateAsync(body);
      onAdded({
        patientId,
        name: `${body.firstName} ${body.lastName}`,
        contactNumber: body.contactNumber,
        emailAddress: body.emailAddress ?? '',
        location: '',
        clinicRecord: true,
        phoneChecked: false,
        emailChecked: false,
      });
    } catch (err) {
      const owner = existingOf(err);
      if (owner) setExisting(owner);
      else setError(apiMessage(err, 'The person could not be added. Please try again.'));
    }
  }

  return (
    <section className="staff-card" aria-labelledby="add-person-title">
      <h2 id="add-person-title">Add a new person</h2>
      <p className="staff-muted">For a caller or walk-in without an account. They can sign up later with the same number.</p>
      <Formik<Values> initialValues={EMPTY} validationSchema={clinicPatientSchema} onSubmit={submit}>
        {(formik) => (
          <form className="staff-form-grid" aria-label="Add a new person" noValidate onSubmit={formik.handleSubmit}>
            <RefuseInvalidSubmit />
            <FormField name="firstName" label="First Name" required maxLength={80} autoComplete="off" />
            <FormField name="lastName" label="Last Name" required maxLength={80} autoComplete="off" />
            <FormField
              name="contactNumber"
              label="Phone Number"
              required
              type="tel"
              inputMode="tel"
              autoComplete="off"
              hint="A Ghana number, e.g. 024 123 4567: we text a code to check it."
            />
            <GenderField />
            <FormField
              name="emailAddress"
              label="Email Address"
              type="email"
              autoComplete="off"
              hint="Optional: nothing is e-mailed to it until the person reads back the code we send to it (on their page)."
              className="span-all"
            />
            {existing && (
              <div className="staff-note warn span-all" role="alert">
                <p>
                  {formatPhone(existing.contactNumber)} is already {existing.name}’s (
                  {existing.source === 'CLINIC' ? 'a clinic record' : 'an account'}).
                </p>
                <button type="button" className="btn btn-outline" onClick={() => onFindExisting(existing.contactNumber)}>
                  Find {existing.name}
                </button>
              </div>
            )}
            {error && (
              <p className="field-error span-all" role="alert">
                {error}
              </p>
            )}
            <div className="form-actions span-all">
              <button type="submit" className="btn btn-primary" disabled={formik.isSubmitting}>
                Add person
              </button>
              <button type="button" className="btn btn-outline" onClick={onCancel}>
                Cancel
              </button>
            </div>
          </form>
        )}
      </Formik>
    </section>
  );
}
