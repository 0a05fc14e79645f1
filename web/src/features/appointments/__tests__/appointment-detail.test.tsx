import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { noExtras, type Appointment } from '@api/types';
import { AppointmentDetail, coverageBadge } from '@/features/appointments/components/appointment-detail';
import { fixDate } from '@/test-support/clock';
import { withQueryClient } from '@/test-support/query';

jest.mock('@/lib/dialogs', () => ({ showApiError: jest.fn(), showInfo: jest.fn(), showSuccess: jest.fn() }));
jest.mock('@/lib/firebase', () => ({ currentIdToken: () => Promise.resolve('test-token') }));

fixDate('2026-11-26T10:00:00.000Z');

/** A virtual consultation as GET /appointments/{id} answers it (every field of the shared type). */
function appointment(change: Partial<Appointment> = {}): Appointment {
  return {
    appointmentId: 'a1',
    source: 'WEBSITE',
    patientId: 'uid-1',
    bookFor: 'SELF',
    firstName: 'Ama',
    lastName: 'Mensah',
    emailAddress: 'ama@example.com',
    contactNumber: '+233241234567',
    gender: 'FEMALE',
    location: 'Osu, Accra',
    healthProblem: 'Headaches',
    requestedServiceId: 1,
    requestedService: 'Virtual Consultation (Telemedicine)',
    requestedServiceOption: null,
    requestedDay: '2026-12-04',
    requestedTime: '09:30',
    doctorId: 'dr-boateng',
    doctorSurName: 'Boateng',
    doctorOtherNames: 'Kofi',
    doctorSpecialty: 'Cardiology',
    doctorPicture: '',
    ...noExtras(),
    consultationFee: 250,
    requiresPayment: true,
    currencyCode: 'GHS',
    paymentStatus: 'Paid',
    clientReference: 'REF1234567',
    timeOfRequest: '2026-11-26 09:50:00',
    createdAt: '2026-11-26T09:50:00.000Z',
    appointmentStatus: 'Accepted',
    acceptbyDoctor: true,
    declineByPatient: false,
    declineByDoctor: false,
    declinedDate: null,
    ...change,
  };
}

const show = (a: Appointment, onConfirm: (a: Appointment) => void = jest.fn()) =>
  render(
    withQueryClient(
      <MemoryRouter>
        <AppointmentDetail
          appointment={a}
          onBack={jest.fn()}
          onPay={jest.fn()}
          onDelete={jest.fn()}
          onCancel={jest.fn()}
          onConfirm={onConfirm}
        />
      </MemoryRouter>,
    ),
  );

const row = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('the appointment detail offers Cancel and Delete only where the server allows them', () => {
  it.each<[string, 'Cancel' | 'Delete' | 'neither', Partial<Appointment>]>([
    ['Pending and paid', 'Cancel', { appointmentStatus: 'Pending' }],
    ['Accepted and paid', 'Cancel', {}],
    ['Accepted and free', 'Cancel', { paymentStatus: 'Not Applicable', requiresPayment: false, consultationFee: 0 }],
    ['Pending and unpaid', 'Delete', { appointmentStatus: 'Pending', paymentStatus: 'Unpaid' }],
    ['checked in', 'neither', { appointmentStatus: 'CheckedIn' }],
    ['completed', 'neither', { appointmentStatus: 'Completed', visitSummary: 'Rest and fluids.' }],
    ['completed and free', 'neither', { appointmentStatus: 'Completed', paymentStatus: 'Not Applicable' }],
    ['declined', 'neither', { appointmentStatus: 'Declined', paymentStatus: 'Not Applicable', declineReason: 'Away' }],
    ['a no-show', 'neither', { appointmentStatus: 'NoShow' }],
    ['cancelled', 'neither', { appointmentStatus: 'Cancelled' }],
  ])('when %s, then it offers %s', (_, offered, change) => {
    show(appointment(change));
    expect(screen.queryByRole('button', { name: 'Cancel' }) !== null).toBe(offered === 'Cancel');
    expect(screen.queryByRole('button', { name: 'Delete' }) !== null).toBe(offered === 'Delete');
  });
});

describe('the appointment detail says what it is, for whom and with whom', () => {
  it('when a package covers a consultation, then it still names the doctor and says it is covered', () => {
    show(
      appointment({
        consultationFee: 0,
        requiresPayment: false,
        paymentStatus: 'Not Applicable',
        coveredBy: 'sub-1',
        coverage: {
          subscriptionId: 'sub-1',
          packageTitle: 'Individual Package',
          benefit: 'virtualConsultation',
          used: 1,
          left: 1,
          note: 'Covered by your Individual Package: nothing to pay (1 of 2 virtual consultations left this period).',
        },
      }),
    );
    expect(row('Doctor')).toHaveTextContent('Dr Kofi Boateng');
    expect(row('Specialty')).toHaveTextContent('Cardiology');
    expect(row('Payment Status')).toHaveTextContent('Covered by your package');
    expect(row('Fee')).toHaveTextContent('Covered by your Individual Package');
    expect(row('Day')).toHaveTextContent('Fri 4 Dec 2026');
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeInTheDocument();
  });

  it('when a package takes a discount off lab tests still to pay, then the list says how much off, not Covered', () => {
    const coverage = {
      subscriptionId: 'sub-1',
      packageTitle: 'Individual Package',
      benefit: 'labDiscount' as const,
      used: 0,
      left: 'unlimited' as const,
      note: 'Your Individual Package takes 10% off: GHS 27.00 instead of GHS 30.00.',
    };
    expect(coverageBadge({ coverage, requiresPayment: true, discountPercent: 10 })).toBe('10% off');
    expect(coverageBadge({ coverage, requiresPayment: false })).toBe('Covered');
    expect(coverageBadge({ requiresPayment: true })).toBeUndefined();
  });

  it('when booked for a family member, then it says who it is for; for oneself it does not', () => {
    const { unmount } = show(appointment({ bookFor: 'OTHERS', firstName: 'Kojo', lastName: 'Owusu', dependantId: 'd1' }));
    expect(row('For')).toHaveTextContent('Kojo Owusu');
    unmount();
    show(appointment());
    expect(screen.queryByText('For', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('when it is too close to move online, then it says so and how to reach the clinic instead of hiding Reschedule silently', () => {
    show(appointment({ requestedDay: '2026-11-26', requestedTime: '18:00' }));
    expect(screen.queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
    const note = screen.getByText(/can be rescheduled online only at least 12 hours before it/);
    expect(within(note).getByRole('link')).toHaveAttribute('href', expect.stringMatching(/^tel:/));
  });
});

describe('the appointment detail tells what is true in words', () => {
  it('when the clinic closed the day, then it says the booking needs a new time, what the clinic will do and the choices', () => {
    show(appointment({ needsRebooking: true, needsRebookingReason: 'The clinic is closed for a staff training day' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'This booking needs a new time: the clinic cannot see you then (The clinic is closed for a staff training day). ' +
        'We will call you on +233241234567 to agree one. Your payment is kept for the new time, or refunded in full if you prefer. ' +
        'Or you can choose a new time yourself with Reschedule, or cancel it free of charge with a full refund.',
    );
  });

  it('when a home visit is under way, then its state and address read as words', () => {
    show(
      appointment({
        appointmentStatus: 'CheckedIn',
        requestedServiceId: 3,
        address: {
          line: 'House 7, Nii Okaiman Street',
          landmark: 'Behind Komfo Anokye hospital gate',
          digitalAddress: 'AK-485-9320',
        },
      }),
    );
    expect(row('Appointment Status')).toHaveTextContent(/^Checked in$/);
    expect(row('Address')).toHaveTextContent(/^House 7, Nii Okaiman Street \(Behind Komfo Anokye hospital gate\), AK-485-9320$/);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('the appointment detail says what happened to the money', () => {
  it('when the clinic refunded a paid booking, then it says how much and when instead of Paid', () => {
    show(appointment({ appointmentStatus: 'Cancelled', refundedAmount: 250, refundedAt: '2026-11-27T09:15:00.000Z' }));
    expect(row('Payment Status')).toHaveTextContent(/^Refunded GHS 250\.00 on Fri 27 Nov 2026$/);
  });
});

describe('the appointment detail colours a state by what it means', () => {
  it('when cancelled, then its badge is not the green of Accepted', () => {
    show(appointment({ appointmentStatus: 'Cancelled' }));
    expect(row('Appointment Status').firstElementChild).toHaveClass('status-badge', 'ended');
  });
});

describe('the appointment detail offers Confirm booking only for a booking the clinic made that the patient has not confirmed', () => {
  const deskBooking = (change: Partial<Appointment> = {}) =>
    appointment({ source: 'CLINIC', bookedBy: { uid: 'desk-1', role: 'staff' }, paymentStatus: 'Unpaid', ...change });

  it('when the desk booked it and it is not confirmed, then it says why to confirm, and Confirm booking sends it', async () => {
    const onConfirm = jest.fn();
    const a = deskBooking();
    show(a, onConfirm);
    expect(row('Booked by')).toHaveTextContent(/^Our clinic$/);
    const button = screen.getByRole('button', { name: 'Confirm booking' });
    expect(button).toHaveAccessibleDescription(
      'Our clinic booked this for you. Please confirm it is yours: once you confirm it, pay for it or are checked in, its doctor can read your record for this visit.',
    );
    await userEvent.setup().click(button);
    expect(onConfirm).toHaveBeenCalledWith(a);
  });

  it('when the patient has confirmed it, then it says when instead of offering Confirm again', () => {
    show(deskBooking({ confirmedByPatientAt: '2026-11-26T09:55:00.000Z' }));
    expect(row('Booked by')).toHaveTextContent(/^Our clinic, confirmed by you on Thu 26 Nov 2026/);
    expect(screen.queryByRole('button', { name: 'Confirm booking' })).toBeNull();
  });

  it.each<[string, Partial<Appointment>]>([
    ['the patient booked it themselves', { bookedBy: undefined, source: 'WEBSITE' }],
    ['it was cancelled', { appointmentStatus: 'Cancelled' }],
    ['it is completed', { appointmentStatus: 'Completed', visitSummary: 'Rest and fluids.' }],
  ])('when %s, then there is nothing to confirm', (_, change) => {
    show(deskBooking(change));
    expect(screen.queryByRole('button', { name: 'Confirm booking' })).toBeNull();
    expect(screen.queryByText(/Please confirm it is yours/)).toBeNull();
  });
});
