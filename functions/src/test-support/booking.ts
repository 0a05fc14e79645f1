import { doctorSlotRef } from '../store/appointments';

/** A random future day and time, so reruns and parallel runs never share a doctor's slot. */
export function freshSlot() {
  const day = new Date(Date.now() + (2 + Math.floor(Math.random() * 300)) * 86_400_000).toISOString().slice(0, 10);
  const minutes = Math.floor(Math.random() * 24 * 60);
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return { day, time };
}

/** Who books for themself and why, on a fresh day: a POST /appointments body but for the service. */
export const bookingBase = (overrides: Record<string, unknown> = {}) => ({
  bookFor: 'SELF',
  firstName: 'Ama',
  lastName: 'Mensah',
  gender: 'FEMALE',
  emailAddress: 'ama.mensah@example.com',
  contactNumber: '024 123 4567',
  location: 'East Legon, Accra',
  healthProblem: 'Headaches for a week',
  requestedDay: freshSlot().day,
  ...overrides,
});

/** A virtual consultation with the seeded doctor at a fresh slot: a valid POST /appointments body. */
export function virtualConsultationBooking(overrides: Record<string, unknown> = {}) {
  const { day, time } = freshSlot();
  return bookingBase({ requestedServiceId: 1, doctorId: 'dr-boateng', requestedDay: day, requestedTime: time, ...overrides });
}

/** What the payment tests read of a booked appointment (the API's answer). */
export interface Booked {
  appointmentId: string;
  clientReference: string;
  consultationFee: number;
  requestedDay: string;
  requestedTime: string;
}

/** The seeded doctor's slot document that a virtual consultation holds (store/appointments.ts doctorSlotRef). */
export const slotOf = (a: Booked) => doctorSlotRef('dr-boateng', a.requestedDay, a.requestedTime);
