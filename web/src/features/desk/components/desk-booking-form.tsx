import type { FormikProps } from 'formik';
import { CalendarCheck } from 'lucide-react';
import { formatGhs, formatWhen } from '@api/format';
import { staffBookingSchema, type StaffBookingRequest } from '@api/front-desk';
import { FormField } from '@/components/form-field';
import { SpinnerOverlay } from '@/components/spinner';
import { SERVICES } from '@/content/services';
import { emptyBooking, type Appointment, type BookingValues, type Doctor } from '@/features/appointments/api/appointments';
import { BookingFrame, checkBooking } from '@/features/appointments/components/booking-frame';
import { ServiceFields, ServiceSelect } from '@/features/appointments/components/service-fields';
import { doctorName } from '@/features/staff/components/doctor-options';
import { useDeskBooking } from '@/features/desk/api/appointments-api';
import type { DeskPerson } from '@/features/desk/desk-person';
import { confirm } from '@/lib/dialogs';

type Values = BookingValues & { patientId: string };

/** The desk's words under the chosen doctor: the fee, and how it is paid from here. */
const deskFeeNote = (d: Doctor) =>
  `Consultation fee with ${doctorName(d)}: ${formatGhs(d.consultationFee)} unless their package covers it. After booking, send a payment link or record a payment taken here.`;

/**
 * Step three: the booking, with the patient's own form pieces (the service's fields, free days
 * and times, lab tests, the home visit's address) and the server's staff schema, which takes the
 * person's name and phone from their record. The server fixes the fee and applies every rule of
 * a patient's booking.
 */
export function DeskBookingForm({ person, onBooked }: { person: DeskPerson; onBooked: (a: Appointment) => void }) {
  const book = useDeskBooking();

  async function submit(formik: FormikProps<Values>, form: HTMLFormElement) {
    if (!(await checkBooking(formik, form, 'Please fill in all required fields.'))) return;
    const body = staffBookingSchema.cast(formik.values, { stripUnknown: true }) as StaffBookingRequest;
    const service = SERVICES.find((s) => s.id === body.requestedServiceId)?.itemTitle ?? 'this service';
    const when = formatWhen(body.requestedDay, body.requestedTime);
    if (!(await confirm('Book this appointment?', 'Yes, book', `${service} for ${person.name} on ${when}.`))) return;
    try {
      onBooked(await book.mutateAsync(body));
    } catch (err) {
      const { refuseSent } = await import('@/lib/form-refusal');
      await refuseSent(err, formik, formik.values, form);
    }
  }

  return (
    <section className="staff-card" aria-labelledby="desk-booking-title">
      <h2 id="desk-booking-title">Booking for {person.name}</h2>
      <BookingFrame<Values>
        initialValues={{ ...emptyBooking(), location: person.location, patientId: person.patientId }}
        schema={staffBookingSchema}
        className="booking-form desk-booking-form"
        onSubmit={(formik, form) => void submit(formik, form)}
      >
        {() => (
          <>
            <div className="form-grid two-columns">
              <ServiceSelect />
              <ServiceFields feeNote={deskFeeNote} />
              <FormField name="location" label="Location" required maxLength={120} placeholder="e.g. Adenta, Accra" />
              <FormField
                as="textarea"
                name="healthProblem"
                label="Health Problem"
                rows={3}
                maxLength={2000}
                className="span-all"
              />
            </div>
            <div className="form-actions">
              <button type="submit" className="btn btn-primary" disabled={book.isPending}>
                <CalendarCheck aria-hidden="true" size={18} /> Book appointment
              </button>
            </div>
            <SpinnerOverlay show={book.isPending} />
          </>
        )}
      </BookingFrame>
    </section>
  );
}
