import { Formik, useFormikContext, type FormikProps } from 'formik';
import { CalendarCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormField } from '@/components/form-field';
import { SpinnerOverlay } from '@/components/spinner';
import { SERVICES } from '@/content/services';
import { useSession, type Session } from '@/features/accounts/session';
import { isSignedIn, promptLogin } from '@/lib/login-prompt';
import { GENDERS } from '@/lib/choices';
import {
  BOOK_FOR,
  bookingSchema,
  emptyBooking,
  invalidBookingMessage,
  touchedAll,
  useCreateAppointment,
  type Appointment,
  type BookingValues,
} from '@/features/appointments/api/appointments';
import { CoverageNote } from '@/features/appointments/components/coverage-note';
import { DependantPicker } from '@/features/appointments/components/dependant-picker';
import { Options, ServiceFields } from '@/features/appointments/components/service-fields';
import { confirm, showApiError, showError } from '@/lib/dialogs';
import './booking-form.css';

export interface BookingFormProps {
  /** Called with the created appointment; the caller starts payment when it requires one. */
  onCreated: (appointment: Appointment) => void;
  /** Where Login brings the visitor back to. */
  returnUrl: string;
  /** Preselects a service, e.g. from /appointment-page?service=6. */
  initialServiceId?: string;
  /** Fields filled from a link (a follow-up's doctor, a lab request's tests, an e-prescription to deliver). */
  prefill?: Partial<BookingValues>;
}

const PERSONAL = ['firstName', 'lastName', 'emailAddress', 'contactNumber', 'location', 'gender'] as const;

/** The signed-in patient's own details for a SELF booking. */
function profileValues(session: Session): Partial<BookingValues> | undefined {
  if (session.status !== 'signed-in' || !session.patient) return undefined;
  const p = session.patient;
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    emailAddress: p.emailAddress,
    contactNumber: p.contactNumber,
    location: p.patientLocation,
    gender: p.gender,
  };
}

/** Fills the personal fields from the profile for SELF, empties them for OTHERS. */
function SelfPrefill({ profile }: { profile: Partial<BookingValues> | undefined }) {
  const { values, setValues } = useFormikContext<BookingValues>();
  const { bookFor } = values;
  useEffect(() => {
    if (bookFor === 'SELF' && profile) void setValues((v) => ({ ...v, ...profile }), false);
    // Only when the choice or the profile changes: what the patient types afterwards stays.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bookFor, profile]);
  return null;
}

/**
 * The booking form of the public page and the dashboard. The browser checks the same rules
 * as the API to help the patient; the API decides the fee, the statuses and who books.
 */
export function BookingForm({ onCreated, returnUrl, initialServiceId = '', prefill }: BookingFormProps) {
  const navigate = useNavigate();
  const session = useSession({ unhurried: true });
  const profile = profileValues(session);
  const patientId = session.status === 'signed-in' ? session.uid : undefined;
  const [sending, setSending] = useState(false);
  const create = useCreateAppointment();

  async function submit(formik: FormikProps<BookingValues>) {
    if (!(await isSignedIn())) {
      const to = await promptLogin(returnUrl);
      if (to) navigate(to);
      return;
    }
    const errors = await formik.validateForm();
    void formik.setTouched(touchedAll(formik.values), false);
    if (Object.keys(errors).length > 0) {
      await showError(invalidBookingMessage(formik.values));
      document.querySelector<HTMLElement>('.booking-form [aria-invalid="true"]')?.focus();
      return;
    }
    if (!(await confirm('Submit Appointment?', 'Yes'))) return;
    setSending(true);
    try {
      const appointment = await create.mutateAsync(bookingSchema.cast(formik.values));
      formik.resetForm({ values: { ...emptyBooking(), ...profile } });
      setSending(false);
      onCreated(appointment);
    } catch (err) {
      setSending(false);
      await showApiError(err);
    }
  }

  return (
    <Formik<BookingValues>
      initialValues={{ ...emptyBooking(initialServiceId), ...prefill }}
      validationSchema={bookingSchema}
      onSubmit={() => undefined}
    >
      {(formik) => (
        <form
          className="booking-form"
          aria-label="Book an appointment"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit(formik);
          }}
        >
          <SelfPrefill profile={profile} />
          <fieldset className="book-for">
            <legend>Who is the appointment for?</legend>
            {BOOK_FOR.map((option) => (
              <label key={option.id}>
                <input
                  type="radio"
                  name="bookFor"
                  value={option.id}
                  checked={formik.values.bookFor === option.id}
                  onChange={() => {
                    void formik.setFieldValue('bookFor', option.id);
                    if (option.id === 'OTHERS') PERSONAL.forEach((f) => void formik.setFieldValue(f, '', false));
                  }}
                />{' '}
                {option.itemName}
              </label>
            ))}
          </fieldset>
          <DependantPicker patientId={patientId} contact={profile} />
          <div className="form-grid two-columns">
            <FormField
              name="firstName"
              label="First Name"
              required
              autoComplete={formik.values.bookFor === 'SELF' ? 'given-name' : 'off'}
              maxLength={80}
            />
            <FormField
              name="lastName"
              label="Last Name"
              required
              autoComplete={formik.values.bookFor === 'SELF' ? 'family-name' : 'off'}
              maxLength={80}
            />
            <FormField as="select" name="gender" label="Gender" required>
              <Options items={GENDERS} placeholder="Select Gender" />
            </FormField>
            <FormField name="emailAddress" label="Email Address" required type="email" autoComplete="email" />
            <FormField name="contactNumber" label="Phone Number" required type="tel" inputMode="tel" autoComplete="tel" />
            <FormField name="location" label="Location" required maxLength={120} placeholder="e.g. Adenta, Accra" />
            <FormField as="select" name="requestedServiceId" label="Service" required className="span-all">
              <option value="">Choose a service</option>
              {SERVICES.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.itemTitle}
                  {s.requiresPayment ? ' (paid online)' : ''}
                </option>
              ))}
            </FormField>
            <ServiceFields />
            <FormField
              as="textarea"
              name="healthProblem"
              label="Health Problem"
              rows={4}
              maxLength={2000}
              className="span-all"
              placeholder="Tell us briefly what is wrong or what you need"
            />
          </div>
          <CoverageNote patientId={patientId} />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={sending}>
              <CalendarCheck aria-hidden="true" size={18} /> Submit
            </button>
          </div>
          <SpinnerOverlay show={sending} />
        </form>
      )}
    </Formik>
  );
}
