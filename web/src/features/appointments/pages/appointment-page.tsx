import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatGhs, formatWhen } from '@api/format';
import { UNPAID_HOLD_MINUTES } from '@api/policy';
import { usePageTitle } from '@/components/page-title';
import { SITE } from '@/content/site';
import { type Appointment } from '@/features/appointments/api/appointments';
import { BookingForm } from '@/features/appointments/components/booking-form';
import { bookedText } from '@/features/appointments/components/coverage-note';
import { usePaymentFlow } from '@/features/payments/use-payment-flow';
import { showSuccess } from '@/lib/dialogs';
import '../appointments.css';

/** The public booking page (/appointment-page and /appointment): the form with its side image. */
export default function AppointmentPage() {
  usePageTitle('Book Appointment');
  const [search] = useSearchParams();
  const [booked, setBooked] = useState<Appointment | null>(null);
  const payment = usePaymentFlow({ onPaid: () => setBooked((b) => b && { ...b, paymentStatus: 'Paid' }) });

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
                  ? ` (fee ${formatGhs(booked.consultationFee)}, ${booked.paymentStatus === 'Paid' ? 'paid' : `not paid yet: pay from your dashboard within ${UNPAID_HOLD_MINUTES} minutes of booking, or the time is released`})`
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
