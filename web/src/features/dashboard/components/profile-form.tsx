import { Form, Formik, useField } from 'formik';
import { FormField } from '@/components/form-field';
import { FormFieldset } from '@/components/form-fieldset';
import type { Patient, PatientUpdate } from '@/shared/patient/patient';
import { profileSchema } from '@/shared/patient/patient-schemas';
import { updateProfile } from '@/shared/session/session';
import { GenderField } from '@/shared/forms/choice-fields';
import { showSuccess } from '@/lib/dialogs';
import { RefuseInvalidSubmit } from '@/components/refuse-invalid-submit';
import { DashboardCard } from '@/features/dashboard/components/dashboard-card';

/** The form starts from the record as the server answered it. */
const valuesOf = (p: Patient): PatientUpdate => ({
  firstName: p.firstName,
  lastName: p.lastName,
  contactNumber: p.contactNumber,
  patientLocation: p.patientLocation,
  gender: p.gender,
  dateOfBirth: p.dateOfBirth ?? '',
  emergencyContact: p.emergencyContact ?? '',
  nameOfNextOfKin: p.nameOfNextOfKin ?? '',
  nextOfKinContact: p.nextOfKinContact ?? '',
  nextOfKinLocation: p.nextOfKinLocation ?? '',
  nextOfKinRelationship: p.nextOfKinRelationship ?? '',
  reminderPreferences: p.reminderPreferences ?? { sms: true, email: true },
});

function Checkbox({ name, label }: { name: string; label: string }) {
  const [field] = useField({ name, type: 'checkbox' });
  return (
    <label className="checkbox-label">
      <input type="checkbox" {...field} /> <span>{label}</span>
    </label>
  );
}

/** 'My details': the patient corrects their own record (the sign-up form's labels). The e-mail is their sign-in: not edited here. */
export function ProfileForm({ patient }: { patient: Patient }) {
  return (
    <DashboardCard id="details-heading" title="My details">
      <Formik<PatientUpdate>
        initialValues={valuesOf(patient)}
        enableReinitialize
        validationSchema={profileSchema}
        onSubmit={async (values, helpers) => {
          try {
            await updateProfile(values);
            await showSuccess('Saved!', 'Your details have been saved.');
          } catch (err) {
            const { refuseSent } = await import('@/lib/form-refusal');
            await refuseSent(err, helpers, values, document.querySelector('form[aria-label="My details"]'));
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate className="form-grid" aria-label="My details">
            <RefuseInvalidSubmit />
            <FormFieldset>
              <FormField name="firstName" label="First Name" autoComplete="given-name" required />
              <FormField name="lastName" label="Last Name" autoComplete="family-name" required />
              <div className="field">
                <span className="field-label">Email Address</span>
                <p className="field-static">{patient.emailAddress}</p>
                <p className="field-hint">
                  Your e-mail address is how you sign in and where we send your records, so it cannot be changed here. To change
                  it, contact us.
                </p>
              </div>
              <FormField name="contactNumber" label="Phone Number" type="tel" autoComplete="tel" inputMode="tel" required />
              <FormField name="patientLocation" label="City/location" autoComplete="address-level2" required />
              <GenderField required />
              <FormField name="dateOfBirth" label="Date of birth" type="date" autoComplete="bday" />
              <FormField name="emergencyContact" label="Emergency contact (name and phone)" />
              <FormField name="nameOfNextOfKin" label="Next of kin" />
              <FormField name="nextOfKinContact" label="Next of kin's phone" type="tel" />
              <FormField name="nextOfKinLocation" label="Next of kin's location" />
              <FormField name="nextOfKinRelationship" label="Relationship to you" />
              <fieldset className="field reminders">
                <legend>Appointment reminders</legend>
                <p className="field-hint">
                  Reminders 24 hours and 2 hours before an appointment. Confirmations (bookings, changes, payments) and
                  verification codes are always sent.
                </p>
                <Checkbox name="reminderPreferences.sms" label="Reminders by SMS" />
                <Checkbox name="reminderPreferences.email" label="Reminders by e-mail" />
              </fieldset>
              <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
                {isSubmitting ? 'Saving ...' : 'Save Changes'}
              </button>
            </FormFieldset>
          </Form>
        )}
      </Formik>
    </DashboardCard>
  );
}
