import { Formik, useFormikContext, type FormikProps } from 'formik';
import { CalendarCheck } from 'lucide-react';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatGhs, formatWhen } from '@api/format';
import { BOOKING_RULES } from '@api/policy';
import { DIETARY_VIRTUAL_FEE } from '@api/prices';
import { FormField } from '@/components/form-field';
import { SpinnerOverlay } from '@/components/spinner';
import { SERVICE_ID } from '@api/service-catalog';
import { SERVICES } from '@/content/services';
import { useSession, type Session } from '@/features/accounts/session';
import { isSignedIn, promptLogin } from '@/lib/login-prompt';
import { GENDERS, ORGANIZATION_TYPES } from '@/lib/choices';
import {
  BOOK_FOR,
  DIETARY_MODES,
  EXPECTED_PEOPLE,
  ORGANIZATION_SERVICES,
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
import {
  ACCEPT_ATTRIBUTE,
  PrescriptionFileError,
  dataUrlBytes,
  prescriptionDataUrl,
} from '@/features/appointments/prescription-file';
import { PreferredDayAndTime } from '@/features/appointments/components/preferred-day-and-time';
import { CoverageNote } from '@/features/appointments/components/coverage-note';
import { DependantPicker } from '@/features/appointments/components/dependant-picker';
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

/** The patient's own details for a SELF booking, when the profile has every one of them. */
const completeProfile = (profile: Partial<BookingValues> | undefined) =>
  profile && PERSONAL.every((field) => profile[field]) ? profile : undefined;

/**
 * 'Submit Appointment?' says what is being booked, for whom, when and what it costs, from
 * the form and the catalogs it loaded (the server still decides the fee).
 */
export function bookingSummary(values: BookingValues, doctors: Doctor[] = [], labs: LabTest[] = []): string {
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
  const cost = fee > 0 ? `Fee ${formatGhs(fee)}, paid online next unless your package covers it.` : 'Nothing to pay.';
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
      <FormField as="select" name="gender" label="Gender" required>
        <Options items={GENDERS} placeholder="Select Gender" />
      </FormField>
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

/** What the chosen service costs and how it is paid, under the service select (whose options stay short on a phone). */
function servicePriceHint(serviceId: number): string | undefined {
  if (serviceId === SERVICE_ID.virtualConsultation) return "Paid online when you book: the doctor's fee shows with each doctor.";
  if (serviceId === SERVICE_ID.labTests) return 'Paid online when you book: the total of the tests you tick.';
  if (serviceId === SERVICE_ID.dietary)
    return `Free at home; ${formatGhs(DIETARY_VIRTUAL_FEE)} paid online for a virtual consultation.`;
  return serviceId ? 'Free: nothing to pay.' : undefined;
}

const touchedAll = (values: BookingValues) => Object.fromEntries(Object.keys(values).map((k) => [k, true]));

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

/** A catalog list for a field: its items, or the sentence to show beside the field. */
const catalog = <T,>(query: { data?: T[]; isError: boolean }) => ({
  items: query.data,
  error: query.isError ? 'We could not load this list. Check your connection and reload the page.' : undefined,
});

function LabTable({ labs }: { labs: LabTest[] }) {
  const { values, setFieldValue, touched, errors } = useFormikContext<BookingValues>();
  const chosen = values.selectedLabs ?? [];
  const toggle = (id: string) =>
    setFieldValue('selectedLabs', chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id]);
  const invalid = Boolean(touched.selectedLabs && errors.selectedLabs);
  return (
    <fieldset
      className={`field span-all lab-tests${invalid ? ' invalid' : ''}`}
      aria-describedby={invalid ? 'labs-error' : undefined}
    >
      <legend>
        Lab tests{' '}
        <span className="required" aria-hidden="true">
          *
        </span>
      </legend>
      <table>
        <thead>
          <tr>
            <th scope="col">Test</th>
            <th scope="col" className="amount">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {labs.map((lab) => (
            <tr key={lab.id}>
              <td>
                <label>
                  <input type="checkbox" checked={chosen.includes(lab.id)} onChange={() => void toggle(lab.id)} /> {lab.itemName}
                </label>
              </td>
              <td className="amount">{formatGhs(lab.itemPrice)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="amount" aria-live="polite" data-testid="lab-total">
              {formatGhs(labTotal(labs, chosen))}
            </td>
          </tr>
        </tfoot>
      </table>
      {invalid && (
        <p id="labs-error" className="field-error" role="alert">
          {String(errors.selectedLabs)}
        </p>
      )}
    </fieldset>
  );
}

function PrescriptionInput() {
  const { values, setFieldValue, setFieldTouched, touched, errors } = useFormikContext<BookingValues>();
  const id = useId();
  const [status, setStatus] = useState<{ preparing?: boolean; error?: string }>({});
  const invalid = Boolean(status.error || (touched.appointmentFiles && errors.appointmentFiles));
  const message = status.error ?? (invalid ? String(errors.appointmentFiles) : undefined);

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    await setFieldValue('appointmentFiles', '');
    await setFieldValue('appointmentFileName', '');
    if (!file) return;
    setStatus({ preparing: true });
    try {
      const dataUrl = await prescriptionDataUrl(file);
      await setFieldValue('appointmentFiles', dataUrl);
      await setFieldValue('appointmentFileName', file.name);
      setStatus({});
    } catch (err) {
      setStatus({
        error: err instanceof PrescriptionFileError ? err.message : 'We could not read that file. Please choose it again.',
      });
    }
    void setFieldTouched('appointmentFiles', true, false);
  }

  return (
    <div className={`field span-all${invalid ? ' invalid' : ''}`}>
      <label htmlFor={id}>
        Prescription (PDF, JPEG or PNG){' '}
        <span className="required" aria-hidden="true">
          *
        </span>
      </label>
      <input
        id={id}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        aria-required="true"
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
        onChange={(e) => void choose(e)}
      />
      <p id={`${id}-hint`} className="field-hint" aria-live="polite">
        {status.preparing
          ? 'Preparing your file…'
          : values.appointmentFiles
            ? `${values.appointmentFileName} is ready (${Math.ceil(dataUrlBytes(values.appointmentFiles) / 1024)} KB).`
            : 'A clear photo of the prescription is fine: we make large photos smaller before sending.'}
      </p>
      {message && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}

function Options({ items, placeholder }: { items: readonly { id: string; itemName: string }[]; placeholder: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {items.map((i) => (
        <option key={i.id} value={i.id}>
          {i.itemName}
        </option>
      ))}
    </>
  );
}

/** The fields that depend on the chosen service. */
function ServiceFields() {
  const { values } = useFormikContext<BookingValues>();
  const service = Number(values.requestedServiceId);
  const doctors = catalog(useDoctors(service === SERVICE_ID.virtualConsultation));
  const labs = catalog(useLabs(service === SERVICE_ID.labTests));
  if (!service) return null;
  const chosenDoctor =
    service === SERVICE_ID.virtualConsultation ? doctors.items?.find((d) => d.doctorId === values.doctorId) : undefined;
  const community = service === SERVICE_ID.corporateWellness || service === SERVICE_ID.agricHealth;
  const showTime =
    service === SERVICE_ID.virtualConsultation || (service === SERVICE_ID.dietary && values.requestedServiceOption === 'VIRTUAL');
  return (
    <>
      {service === SERVICE_ID.virtualConsultation && (
        <FormField as="select" name="doctorId" label="Doctor" required className="span-all">
          <option value="">{doctors.items ? 'Choose a doctor' : 'Loading doctors…'}</option>
          {/* Grouped by specialty, so each option is short enough to show its fee on a phone. */}
          {[...new Set(doctors.items?.map((d) => d.specialty))].map((specialty) => (
            <optgroup key={specialty} label={specialty}>
              {doctors.items
                ?.filter((d) => d.specialty === specialty)
                .map((d) => (
                  <option key={d.doctorId} value={d.doctorId}>
                    Dr {d.otherNames} {d.surname}, {formatGhs(d.consultationFee)}
                  </option>
                ))}
            </optgroup>
          ))}
        </FormField>
      )}
      {chosenDoctor && (
        <p className="field-hint span-all" aria-live="polite">
          Consultation fee with Dr {chosenDoctor.otherNames} {chosenDoctor.surname}: {formatGhs(chosenDoctor.consultationFee)},
          paid online after you submit unless your package covers it.
        </p>
      )}
      {doctors.error && (
        <p className="field-error span-all" role="alert">
          {doctors.error}
        </p>
      )}
      {service === SERVICE_ID.dietary && (
        <FormField as="select" name="requestedServiceOption" label="Mode" required className="span-all">
          <Options items={DIETARY_MODES} placeholder="Choose how you want to meet the dietician" />
        </FormField>
      )}
      {service === SERVICE_ID.labTests && values.labRequestId && (
        <p className="field-hint span-all" role="status">
          The tests your doctor requested are ticked. Choose a day, then Submit.
        </p>
      )}
      {service === SERVICE_ID.labTests &&
        (labs.items ? <LabTable labs={labs.items} /> : <p className="span-all">{labs.error ?? 'Loading lab tests…'}</p>)}
      {service === SERVICE_ID.prescription &&
        (values.prescriptionId ? (
          <p className="field-hint span-all" role="status">
            Your e-prescription from the clinic goes with this order: no upload is needed.
          </p>
        ) : (
          <PrescriptionInput />
        ))}
      {community && (
        <>
          <FormField name="organiztionName" label="Organization Name" required maxLength={120} />
          <FormField name="organiztionLocation" label="Organization Location" required maxLength={120} />
          <FormField as="select" name="organiztionType" label="Organization Type" required>
            <Options items={ORGANIZATION_TYPES} placeholder="Choose a type" />
          </FormField>
          <FormField as="select" name="organiztionService" label="Service Needed" required>
            <Options items={ORGANIZATION_SERVICES} placeholder="Choose a service" />
          </FormField>
          <FormField as="select" name="expectedPeople" label="Expected Number of Beneficiaries" required className="span-all">
            <Options items={EXPECTED_PEOPLE} placeholder="Choose a number" />
          </FormField>
        </>
      )}
      <PreferredDayAndTime showTime={showTime} />
    </>
  );
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
  // Whatever the form has loaded (nothing is fetched for this): the confirmation names the doctor and the fee.
  const doctors = useDoctors(false).data;
  const labs = useLabs(false).data;

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
    if (!(await confirm('Submit Appointment?', 'Yes', bookingSummary(formik.values, doctors, labs)))) return;
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
            <FormField as="select" name="requestedServiceId" label="Service" required className="span-all">
              <option value="">Choose a service</option>
              {SERVICES.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.itemTitle}
                </option>
              ))}
            </FormField>
            {servicePriceHint(Number(formik.values.requestedServiceId)) && (
              <p className="field-hint span-all">{servicePriceHint(Number(formik.values.requestedServiceId))}</p>
            )}
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
          <p className="field-hint booking-rules">{BOOKING_RULES}</p>
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
