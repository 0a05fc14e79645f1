import { randomUUID } from 'node:crypto';
import type { AppointmentState } from '../api/staff';
import { noExtras, type Appointment } from '../api/types';
import { COLLECTIONS } from '../store/collections';
import { db } from '../store/firebase';

/** A future day far enough out that no test's day view meets another's by chance. */
export function freshSlot() {
  const day = new Date(Date.now() + (2 + Math.floor(Math.random() * 300)) * 86_400_000).toISOString().slice(0, 10);
  const minutes = Math.floor(Math.random() * 24 * 60);
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return { day, time };
}

/** An appointment starting `minutes` from now (Ghana time is UTC): a visit is completed at or near its time (api/policy.ts completableFrom). */
export const startingIn = (minutes: number) => {
  const at = new Date(Date.now() + minutes * 60_000).toISOString();
  return { requestedDay: at.slice(0, 10), requestedTime: at.slice(11, 16) };
};

/**
 * An appointment stored in a given state, as the booking path and earlier actions would have
 * left it (free, so no money is involved): for the lifecycle table, which needs every state.
 */
export async function storedAppointment(
  patientId: string,
  state: AppointmentState,
  overrides: Partial<Appointment> = {},
): Promise<Appointment> {
  const ref = db().collection(COLLECTIONS.appointments).doc();
  const { day, time } = freshSlot();
  const a: Appointment = {
    appointmentId: ref.id,
    source: 'WEBSITE',
    patientId,
    bookFor: 'SELF',
    firstName: 'Ama',
    lastName: 'Mensah',
    emailAddress: 'typed@example.com',
    contactNumber: '+233241234567',
    gender: 'FEMALE',
    location: 'Osu, Accra',
    healthProblem: 'Persistent cough',
    requestedServiceId: 3,
    requestedService: 'Home Care',
    requestedServiceOption: null,
    requestedDay: day,
    requestedTime: time,
    doctorId: 'dr-owusu',
    doctorSurName: 'Owusu',
    doctorOtherNames: 'Abena',
    doctorSpecialty: 'Paediatrics',
    doctorPicture: '',
    ...noExtras(),
    consultationFee: 0,
    requiresPayment: false,
    currencyCode: 'GHS',
    paymentStatus: 'Not Applicable',
    clientReference: randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase(),
    timeOfRequest: new Date().toISOString().slice(0, 19).replace('T', ' '),
    createdAt: new Date().toISOString(),
    appointmentStatus: state,
    acceptbyDoctor: false,
    declineByPatient: false,
    declineByDoctor: false,
    declinedDate: null,
    ...overrides,
  };
  await ref.create(a);
  return a;
}

export const auditOf = async (target: string) =>
  (await db().collection(COLLECTIONS.auditLog).where('target', '==', target).get()).docs.map((d) => d.data());
