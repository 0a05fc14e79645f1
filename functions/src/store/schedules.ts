import { FieldPath, FieldValue, type Transaction } from 'firebase-admin/firestore';
import type { DoctorSchedule } from '../api/scheduling';
import { doctorsCollection } from './catalog';
import { COLLECTIONS } from './collections';
import { typedCollection } from './converter';
import { db } from './firebase';

/**
 * Firestore access for availability: doctors' schedules, the doctor slots taken in a range
 * (the slot documents of store/appointments.ts), and the daily places of home and community
 * services.
 */

export interface StoredSchedule extends DoctorSchedule {
  updatedAt?: string;
  updatedBy?: string;
}

export const scheduleRef = (doctorId: string) =>
  typedCollection<StoredSchedule>(COLLECTIONS.doctorSchedules, ['updatedAt']).doc(doctorId);

/**
 * The times taken of one doctor from `from` to `to`, by day: ONE query over the slot
 * documents' ids (`${doctorId}_${day}_${HHmm}`, sorted by day then time), so it needs no
 * composite index and also finds slots stored before they carried doctorId and day fields.
 * Only ids are fetched (select()); Firestore bills one read per slot found (one if none).
 */
export async function takenSlots(doctorId: string, from: string, to: string): Promise<Map<string, Set<string>>> {
  const prefix = `${doctorId}_`;
  const snap = await db()
    .collection(COLLECTIONS.appointmentSlots)
    .where(FieldPath.documentId(), '>=', `${prefix}${from}`)
    .where(FieldPath.documentId(), '<=', `${prefix}${to}_~`)
    .select()
    .get();
  const taken = new Map<string, Set<string>>();
  for (const doc of snap.docs) {
    const match = /^(\d{4}-\d{2}-\d{2})_(\d{2})(\d{2})$/.exec(doc.id.slice(prefix.length));
    if (!match) continue;
    const [, day, hh, mm] = match;
    if (!taken.has(day)) taken.set(day, new Set());
    taken.get(day)!.add(`${hh}:${mm}`);
  }
  return taken;
}

// --- daily capacity ---

export interface StoredCapacity {
  serviceId: number;
  perDay: number;
  updatedAt?: string;
  updatedBy?: string;
}

const capacities = () => typedCollection<StoredCapacity>(COLLECTIONS.serviceCapacity, ['updatedAt']);

export const capacityRef = (serviceId: number) => capacities().doc(String(serviceId));

export async function allCapacities(): Promise<StoredCapacity[]> {
  return (await capacities().get()).docs.map((d) => d.data());
}

/** Who holds the places of one service on one day: the appointment ids (so freeing twice frees once). */
export interface CapacityDay {
  serviceId: number;
  day: string;
  appointmentIds: string[];
}

export const capacityDayRef = (serviceId: number, day: string) =>
  typedCollection<CapacityDay>(COLLECTIONS.capacityDays).doc(`${serviceId}_${day}`);

/** Places taken per day of one service from `from` to `to`: one query over the day documents' ids. */
export async function placesTaken(serviceId: number, from: string, to: string): Promise<Map<string, number>> {
  const snap = await typedCollection<CapacityDay>(COLLECTIONS.capacityDays)
    .where(FieldPath.documentId(), '>=', `${serviceId}_${from}`)
    .where(FieldPath.documentId(), '<=', `${serviceId}_${to}`)
    .get();
  return new Map(snap.docs.map((d) => [d.id.slice(`${serviceId}_`.length), d.data().appointmentIds?.length ?? 0]));
}

/** Adds the appointment to the day's holders (the caller has checked there is a place, in the same transaction). */
export const holdPlace = (tx: Transaction, serviceId: number, day: string, appointmentId: string) =>
  tx.set(
    capacityDayRef(serviceId, day),
    { serviceId, day, appointmentIds: FieldValue.arrayUnion(appointmentId) as never },
    { merge: true },
  );

/** Takes the appointment off the day's holders: a blind write (no read, no lock), harmless when it held none. */
export const releasePlace = (tx: Transaction, serviceId: number, day: string, appointmentId: string) =>
  tx.set(
    capacityDayRef(serviceId, day),
    { serviceId, day, appointmentIds: FieldValue.arrayRemove(appointmentId) as never },
    { merge: true },
  );

/** The e-mails of the staff accounts linked to a doctor (staffMembers roster, role doctor). */
export async function doctorAccountEmails(doctorId: string): Promise<string[]> {
  const snap = await db().collection(COLLECTIONS.staffMembers).where('doctorId', '==', doctorId).limit(5).get();
  return snap.docs
    .filter((d) => d.get('role') === 'doctor' && typeof d.get('email') === 'string')
    .map((d) => String(d.get('email')));
}

/** The doctor's catalog entry and their stored schedule, in one read. */
export const doctorAndSchedule = (doctorId: string) => db().getAll(doctorsCollection().doc(doctorId), scheduleRef(doctorId));
