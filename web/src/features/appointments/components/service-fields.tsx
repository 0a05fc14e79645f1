import { useFormikContext } from 'formik';
import { useId, useState, type ChangeEvent } from 'react';
import { formatGhs } from '@api/format';
import { SERVICE_ID } from '@api/service-catalog';
import { FormField } from '@/components/form-field';
import { SERVICES } from '@/content/services';
import { Options } from '@/shared/forms/choice-fields';
import { ORGANIZATION_TYPES } from '@/lib/choices';
import {
  DIETARY_MODES,
  EXPECTED_PEOPLE,
  ORGANIZATION_SERVICES,
  labTotal,
  useDoctors,
  useLabs,
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
import { AddressFields } from '@/features/appointments/components/address-fields';
import { PreferredDayAndTime } from '@/features/appointments/components/preferred-day-and-time';
import './booking-form.css';

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

/** The patient's words under the chosen doctor: the fee, and that it is paid online. */
const patientFeeNote = (doctor: Doctor) =>
  `Consultation fee with Dr ${doctor.otherNames} ${doctor.surname}: ${formatGhs(doctor.consultationFee)}, paid online after you submit.`;

/** The service asked for: the first choice of a booking, which decides the fields that follow. */
export function ServiceSelect() {
  return (
    <FormField as="select" name="requestedServiceId" label="Service" required className="span-all">
      <option value="">Choose a service</option>
      {SERVICES.map((s) => (
        <option key={s.id} value={String(s.id)}>
          {s.itemTitle}
        </option>
      ))}
    </FormField>
  );
}

/**
 * The fields that depend on the chosen service (spec section 4): the doctor, the dietary mode,
 * lab tests, the prescription, an organisation's details, the home visit's address, and the
 * free days and times. Shared by the patient's booking form and the console's "Book for a
 * patient", so both ask the same and are checked by the same schema (@api/booking-request).
 */
export function ServiceFields({
  feeNote = patientFeeNote,
  covered = false,
}: {
  feeNote?: (doctor: Doctor) => string;
  /** The patient's package covers the service: no doctor's fee shown anywhere (the coverage note says so). */
  covered?: boolean;
}) {
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
                    Dr {d.otherNames} {d.surname}
                    {covered ? '' : `, ${formatGhs(d.consultationFee)}`}
                  </option>
                ))}
            </optgroup>
          ))}
        </FormField>
      )}
      {chosenDoctor && (
        <p className="field-hint span-all" aria-live="polite">
          {feeNote(chosenDoctor)}
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
      <AddressFields />
      <PreferredDayAndTime showTime={showTime} />
    </>
  );
}
