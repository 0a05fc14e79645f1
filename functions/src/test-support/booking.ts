import { scheduledTimes } from '../api/scheduling';
import { SEEDED_SCHEDULE } from '../seed/schedules';
import { doctorSlotRef } from '../store/appointments';

const handedOut = new Set<string>();

/**
 * A free slot of a seeded doctor (all share the seeded weekly hours): a random working day
 * 2 to 300 days ahead and a random time on its grid, whose slot document does not exist yet
 * and that this test file has not been handed before, so reruns and parallel files rarely meet.
 */
export async function freshSlot(doctorId = 'dr-boateng'): Promise<{ day: string; time: string }> {
  for (;;) {
    const day = new Date(Date.now() + (2 + Math.floor(Math.random() * 300)) * 86_400_000).toISOString().slice(0, 10);
    const times = scheduledTimes(SEEDED_SCHEDULE, day);
    if (!times.length) continue;
    const time = times[Math.floor(Math.random() * times.length)];
    const key = `${doctorId}_${day}_${time}`;
    if (handedOut.has(key) || (await doctorSlotRef(doctorId, day, time).get()).exists) continue;
    handedOut.add(key);
    return { day, time };
  }
}

/** A random future day for services booked by day (no doctor's slot). */
export const freshDay = () =>
  new Date(Date.now() + (2 + Math.floor(Math.random() * 300)) * 86_400_000).toISOString().slice(0, 10);

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
  requestedDay: freshDay(),
  // Home visits and deliveries need it (api/booking-request.ts atHome); the schema drops it for the rest.
  address: { line: 'House 12, Oxford Street, Osu', landmark: 'Opposite the Shell station', digitalAddress: 'GA-183-8164' },
  ...overrides,
});

/** A virtual consultation with a seeded doctor (dr-boateng unless named) at a free slot: a valid POST /appointments body. */
export async function virtualConsultationBooking(overrides: Record<string, unknown> = {}) {
  const doctorId = typeof overrides.doctorId === 'string' ? overrides.doctorId : 'dr-boateng';
  const { day, time } = await freshSlot(doctorId);
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
