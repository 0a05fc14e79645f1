import { useFormikContext, type FormikProps } from 'formik';
import { CalendarCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatGhs, formatWhen } from '@api/format';
import { BOOKING_RULES } from '@api/policy';
import { DIETARY_VIRTUAL_FEE } from '@api/prices';
import { visitDataCost } from '@api/visits';
import { FormField } from '@/components/form-field';
import { SpinnerOverlay } from '@/components/spinner';
import { SERVICES } from '@/content/services';
import { SERVICE_ID } from '@api/service-catalog';
import { patientIdOf } from '@/shared/session/patient-id';
import { useSession, type Session } from '@/shared/session/session';
import { isSignedIn, promptLogin } from '@/lib/login-prompt';
import {
  BOOK_FOR,
  bookingSchema,
  emptyBooking,
  invalidBookingMessage,
  labTotal,
  useCreateAppointment,
  useDoctors,
  useLabs,
  type Appointment,
  type BookingValues,
  type Doctor,
  type LabTest,
} from '@/features/appointments/api/appointments';
import { CoverageNote, coveredText, useCover } from '@/features/appointments/components/coverage-note';
import { DependantPicker } from '@/features/appointments/components/dependant-picker';
import { BookingFrame, checkBooking } from '@/features/appointments/components/booking-frame';
import { ServiceFields, ServiceSelect } from '@/features/appointments/components/service-fields';
import { GenderField } from '@/shared/forms/choice-fields';
import { confirm } from '@/lib/dialogs';
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

/** The patient's own details for a SELF booking, when the profile has every one of them. */
const completeProfile = (profile: Partial<BookingValues> | undefined) =>
  profile && PERSONAL.every((field) => profile[field]) ? profile : undefined;

/**
 * 'Submit Appointment?' says what is being booked, for whom, when and what it costs, from
 * the form and the catalogs it loaded (the server still decides the fee).
 */
export function bookingSummary(values: BookingValues, doctors: Doctor[] = [], labs: LabTest[] = [], covered?: string): string {
  const id = Number(values.requestedServiceId);
  const service = SERVICES.find((s) => s.id === id)?.itemTitle ?? 'Appointment';
  const doctor = id === SERVICE_ID.virtualConsultation ? doctors.find((d) => d.doctorId === values.doctorId) : undefined;
  const who = values.bookFor === 'OTHERS' ? ` for ${values.firstName} ${values.lastName}` : '';
  const withWhom = doctor ? ` with Dr ${doctor.otherNames} ${doctor.surname}` : '';
  const when = values.requestedDay ? `, ${formatWhen(values.requestedDay, values.requestedTime || null)}` : '';
  const fee =
    doctor?.consultationFee ??
    (id === SERVICE_ID.dietary && values.requestedServiceOption === 'VIRTUAL'
      ? DIETARY_VIRTUAL_FEE
      : id === SERVICE_ID.labTests
        ? labTotal(labs, values.selectedLabs)
        : 0);
  const cost = covered ?? (fee > 0 ? `Fee ${formatGhs(fee)}, paid online next.` : 'Nothing to pay.');
  return `${service}${who}${withWhom}${when}. ${cost}`;
}

/** Who the booking is for: the patient's own details as a line (SELF), or the fields to fill in. */
function PersonFields({ profile }: { profile: Partial<BookingValues> | undefined }) {
  const { values } = useFormikContext<BookingValues>();
  const self = values.bookFor === 'SELF';
  const own = self ? completeProfile(profile) : undefined;
  if (own)
    return (
      <div className="span-all booking-self">
        <p>
          <strong>
            {own.firstName} {own.lastName}
          </strong>{' '}
          · {own.contactNumber} · {own.emailAddress} · {own.location}
        </p>
        <p className="field-hint">
          From your profile. <Link to="/dashboard/profile">Change your details</Link>
        </p>
      </div>
    );
  return (
    <>
      <FormField name="firstName" label="First Name" required autoComplete={self ? 'given-name' : 'off'} maxLength={80} />
      <FormField name="lastName" label="Last Name" required autoComplete={self ? 'family-name' : 'off'} maxLength={80} />
      <GenderField required />
      {!self && profile && (
        <p className="field-hint span-all">
          Your own e-mail and phone are filled in: we contact you about this booking. Change the phone to theirs if the clinic
          should call them directly.
        </p>
      )}
      <FormField name="emailAddress" label="Email Address" required type="email" autoComplete="email" />
      <FormField name="contactNumber" label="Phone Number" required type="tel" inputMode="tel" autoComplete="tel" />
      <FormField name="location" label="Location" required maxLength={120} placeholder="e.g. Adenta, Accra" />
    </>
  );
}

/** Under the chosen doctor when the package covers the consultation: who, and no fee to pay. */
const coveredFeeNote = (doctor: Doctor) =>
  `Consultation with Dr ${doctor.otherNames} ${doctor.surname}, covered by your package.`;

/** What the chosen service costs and how it is paid, under the service select (whose options stay short on a phone). */
function servicePriceHint(serviceId: number): string | undefined {
  if (serviceId === SERVICE_ID.virtualConsultation)
    return `Paid online when you book: the doctor's fee shows with each doctor. ${visitDataCost()}`;
  if (serviceId === SERVICE_ID.labTests) return 'Paid online when you book: the total of the tests you tick.';
  if (serviceId === SERVICE_ID.dietary)
    return `Free at home; ${formatGhs(DIETARY_VIRTUAL_FEE)} paid online for a virtual consultation. ${visitDataCost()}`;
  return serviceId ? 'Free: nothing to pay.' : undefined;
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
  const patientId = patientIdOf(session);
  const [sending, setSending] = useState(false);
  const create = useCreateAppointment();
  const cover = useCover(patientId);
  // Whatever the form has loaded (nothing is fetched for this): the confirmation names the doctor and the fee.
  const doctors = useDoctors(false).data;
  const labs = useLabs(false).data;

  async function submit(formik: FormikProps<BookingValues>, form: HTMLFormElement) {
    if (!(await isSignedIn())) {
      const to = await promptLogin(returnUrl);
      if (to) navigate(to);
      return;
    }
    if (!(await checkBooking(formik, form, invalidBookingMessage(formik.values)))) return;
    if (
      !(await confirm(
        'Submit Appointment?',
        'Yes',
        bookingSummary(formik.values, doctors, labs, coveredText(formik.values, cover)),
      ))
    )
      return;
    setSending(true);
    try {
      const appointment = await create.mutateAsync(bookingSchema.cast(formik.values));
      formik.resetForm({ values: { ...emptyBooking(), ...profile } });
      setSending(false);
      onCreated(appointment);
    } catch (err) {
      setSending(false);
      const { refuseSent } = await import('@/lib/form-refusal');
      await refuseSent(err, formik, formik.values, form);
    }
  }

  return (
    <BookingFrame<BookingValues>
      initialValues={{ ...emptyBooking(initialServiceId), ...prefill }}
      schema={bookingSchema}
      className="booking-form"
      onSubmit={(formik, form) => void submit(formik, form)}
    >
      {(formik) => (
        <>
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
                    // Someone else: their name and gender; the patient stays the contact (filled in, editable).
                    if (option.id === 'OTHERS')
                      void formik.setValues(
                        (v) => ({
                          ...v,
                          bookFor: 'OTHERS',
                          firstName: '',
                          lastName: '',
                          gender: '',
                          emailAddress: profile?.emailAddress ?? '',
                          contactNumber: profile?.contactNumber ?? '',
                          location: profile?.location ?? '',
                        }),
                        false,
                      );
                  }}
                />{' '}
                {option.itemName}
              </label>
            ))}
          </fieldset>
          <DependantPicker patientId={patientId} contact={profile} />
          <div className="form-grid two-columns">
            <PersonFields profile={profile} />
            <ServiceSelect />
            {/* A booking the package covers has no fee to tell: the coverage note below says so. */}
            {!coveredText(formik.values, cover) && servicePriceHint(Number(formik.values.requestedServiceId)) && (
              <p className="field-hint span-all">{servicePriceHint(Number(formik.values.requestedServiceId))}</p>
            )}
            <ServiceFields {...(coveredText(formik.values, cover) ? { feeNote: coveredFeeNote, covered: true } : {})} />
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
          <p className="field-hint booking-rules">{BOOKING_RULES}</p>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={sending}>
              <CalendarCheck aria-hidden="true" size={18} /> Submit
            </button>
          </div>
          <SpinnerOverlay show={sending} />
        </>
      )}
    </BookingFrame>
  );
}
