import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import type { Appointment } from '../api/types';
import { COLLECTIONS } from '../store/collections';
import { db } from '../store/firebase';
import { createStaffUser, type TestUser } from './auth';
import { storedAppointment } from './staff';

/** A doctor id no other test uses (no schedule: the room closes 30 + 60 minutes after the start). */
export const freshDoctorId = () => `dr-visit-${randomUUID().slice(0, 8)}`;

/**
 * A doctor's account as granting the role makes it (POST /api/staff/roles): the custom claims
 * and the staff roster entry, through which a patient's first join finds the host.
 */
export async function visitDoctor(doctorId = freshDoctorId()): Promise<TestUser & { doctorId: string }> {
  const user = await createStaffUser('doctor', doctorId);
  await db()
    .collection(COLLECTIONS.staffMembers)
    .doc(user.uid)
    .set({ uid: user.uid, email: user.email, role: 'doctor', doctorId, grantedBy: 'test', grantedAt: Timestamp.now() });
  return { ...user, doctorId };
}

/** 'yyyy-MM-dd' and 'HH:mm' (Ghana time = UTC) of the whole minute `minutes` from now. */
export function startIn(minutes: number) {
  const start = new Date(Math.floor((Date.now() + minutes * 60_000) / 60_000) * 60_000);
  return { requestedDay: start.toISOString().slice(0, 10), requestedTime: start.toISOString().slice(11, 16), start };
}

/**
 * A paid, accepted Virtual Consultation with `doctorId` starting `minutes` from now (negative:
 * in the past), as booking, payment and the clinic's accept leave it.
 */
export async function virtualAppointment(
  patientId: string,
  doctorId: string | null,
  minutes: number,
  overrides: Partial<Appointment> & { assignedTo?: string } = {},
): Promise<Appointment> {
  const { requestedDay, requestedTime } = startIn(minutes);
  return storedAppointment(patientId, 'Accepted', {
    requestedServiceId: 1,
    requestedService: 'Virtual Consultation (Telemedicine)',
    requestedServiceOption: null,
    requestedDay,
    requestedTime,
    doctorId,
    doctorSurName: doctorId ? 'Addo' : null,
    doctorOtherNames: doctorId ? 'Esi' : null,
    doctorSpecialty: doctorId ? 'General Practice' : null,
    consultationFee: 150,
    requiresPayment: true,
    paymentStatus: 'Paid',
    contactNumber: '024 555 0101',
    ...overrides,
  });
}
