import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatGhs, formatWhen } from '@api/format';
import { UNPAID_HOLD_MINUTES } from '@api/policy';
import { lazyPart } from '@/components/lazy-part';
import { usePageTitle } from '@/components/page-title';
import { SITE } from '@/content/site';
import { isValidId } from '@api/ids';
import { type Appointment, type BookingValues } from '@/features/appointments/api/appointments';
import { bookedText } from '@/features/appointments/components/booked-text';
import { usePaymentFlow } from '@/shared/payments/use-payment-flow';
import { showSuccess } from '@/lib/dialogs';
import '../appointments.css';
import { PAYMENT_STATUS } from '@api/types';

/** The form, with Formik, Yup and the slot picker, follows the page's first load (docs/performance.md). */
const BookingForm = lazyPart(() => import('@/features/appointments/components/booking-form').then((m) => m.BookingForm));

/** Some list of ids from a link: each kept only when it is an id of ours. */
const idsIn = (value: string | null) => (value ?? '').split(',').filter(isValidId);

/**
 * What a link from the record fills in (docs/record.md): a follow-up's doctor (`doctor`), a
 * lab request's tests (`labRequest`, `labs`), an e-prescription to deliver (`prescription`).
 * The server checks each again: the request and the prescription must be the patient's own.
 */
function prefillFrom(search: URLSearchParams): Partial<BookingValues> {
  const [doctorId] = idsIn(search.get('doctor'));
  const [labRequestId] = idsIn(search.get('labRequest'));
  const [prescriptionId] = idsIn(search.get('prescription'));
  const labs = idsIn(search.get('labs'));
  return {
    ...(doctorId ? { doctorId } : {}),
    ...(labRequestId ? { labRequestId } : {}),
    ...(labs.length ? { selectedLabs: labs } : {}),
    ...(prescriptionId ? { prescriptionId } : {}),
  };
}

/** The public booking page (/appointment-page and /appointment): the form with its side image. */
export default function AppointmentPage() {
  usePageTitle('Book Appointment');
  const [search] = useSearchParams();
  const [booked, setBooked] = useState<Appointment | null>(null);
  const prefill = useMemo(() => prefillFrom(search), [search]);
  const payment = usePaymentFlow({ onPaid: () => setBooked((b) => b && { ...b, paymentStatus: PAYMENT_STATUS.Paid }) });

  async function created(appointment: Appointment) {
    setBooked(appointment);
    if (appointment.requiresPayment) {
      await payment.pay({
        clientReference: appointment.clientReference,
        paymentText: appointment.requestedService,
        amount: appointment.consultationFee,
        successText: 'Thank you: your appointment is paid and we have e-mailed your receipt. Our team will call you to confirm.',
      });
    } else {
      await showSuccess(
        'Saved!',
        bookedText(appointment, 'Your appointment request has been received. Our team will call you to confirm the visit.'),
      );
    }
  }

  return (
    <section className="page container appointment-page">
      <div className="appointment-layout">
        <div className="appointment-card">
          <h1>Book Appointment</h1>
          <p className="lead">
            Choose a service and a day that suits you. Our care team calls to confirm every booking. In an emergency, call 112 or
            193.
          </p>
          {booked && (
            <div className="booked-notice" role="status">
              <p>
                <strong>Booked:</strong> {booked.requestedService}, {formatWhen(booked.requestedDay, booked.requestedTime)}.
                Reference <strong>{booked.clientReference}</strong>
                {booked.requiresPayment
                  ? ` (fee ${formatGhs(booked.consultationFee)}, ${booked.paymentStatus === PAYMENT_STATUS.Paid ? 'paid' : `not paid yet: pay from your dashboard within ${UNPAID_HOLD_MINUTES} minutes of booking, or the time is released`})`
                  : ''}
                .
              </p>
              <Link to="/dashboard">See your appointments</Link>
            </div>
          )}
          <BookingForm
            onCreated={(a) => void created(a)}
            returnUrl="/appointment-page"
            initialServiceId={search.get('service') ?? ''}
            prefill={prefill}
          />
        </div>
        <aside className="appointment-aside">
          <img src="/images/appointment-side.svg" alt="" width={420} height={520} loading="lazy" />
          <h2>Care that comes to you</h2>
          <ul>
            <li>Video consultations with licensed Ghanaian doctors</li>
            <li>Home visits in Accra within 24 to 72 hours</li>
            <li>Pay by Mobile Money or card</li>
          </ul>
          <p>
            Questions? Call <a href={SITE.phoneHref}>{SITE.phone}</a>
          </p>
        </aside>
      </div>
      {payment.element}
    </section>
  );
}
