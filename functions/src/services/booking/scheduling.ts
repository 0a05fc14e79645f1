import { type Transaction } from 'firebase-admin/firestore';
import { todayInGhana } from '../../api/booking-request';
import { invalidIdMessage, isValidId } from '../../api/ids';
import { DEFAULT_DAILY_CAPACITY, MIN_BOOKING_NOTICE_HOURS } from '../../api/policy';
import {
  CAPACITY_SERVICE_IDS,
  capacityTitle,
  daysBetween,
  freeTimes,
  fullDayMessage,
  SLOT_TAKEN,
  closedDayMessage,
  usesDailyCapacity,
  WEEKDAYS,
  type DayPlaces,
  type DaySlots,
  type DoctorSchedule,
  type DoctorScheduleInput,
  type DoctorScheduleView,
  type ServiceCapacity,
} from '../../api/scheduling';
import { serviceById } from '../../api/service-catalog';
import { type Appointment } from '../../api/types';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { doctorSlotRef } from '../../store/appointments';
import { doctorsCollection } from '../../store/catalog';
import {
  allCapacities,
  capacityDayRef,
  capacityRef,
  holdPlace,
  placesTaken,
  releasePlace,
  doctorAndSchedule,
  scheduleRef,
  takenSlots,
  type StoredSchedule,
} from '../../store/schedules';
import { closureIn, closureRef, closuresBetween } from '../../store/closures';
import { affectedByTimeOff, flagForRebooking, rebookingShown, refuseUnlessConfirmed } from './rebooking';
import { runTransaction } from '../../store/transaction';
import { auditAs, type Staff } from '../shared/staff-access';

/**
 * Real availability (docs/scheduling.md): doctors' schedules and their free slots, the
 * daily places of home and community services, what a booking claims and what ending it
 * frees (rescheduling: services/booking/rescheduling.ts). Times are Africa/Accra, which is UTC all year.
 */

const HOUR_MS = 3_600_000;
export const earliestFrom = (now: Date, noticeHours: number) => new Date(now.getTime() + noticeHours * HOUR_MS);

/** Every weekday present and each day's ranges in order, whatever was stored or sent. */
function normalised(s: Pick<StoredSchedule, 'weekly' | 'slotMinutes' | 'timeOff'> | DoctorScheduleInput): DoctorSchedule {
  const weekly = Object.fromEntries(
    WEEKDAYS.map((d) => [
      d,
      [...((s.weekly as Record<string, { from: string; to: string }[] | undefined>)[d] ?? [])]
        .map(({ from, to }) => ({ from, to }))
        .sort((a, b) => a.from.localeCompare(b.from)),
    ]),
  ) as DoctorSchedule['weekly'];
  const timeOff = [...(s.timeOff ?? [])].map(({ from, to }) => ({ from, to })).sort((a, b) => a.from.localeCompare(b.from));
  return { weekly, slotMinutes: Number(s.slotMinutes), timeOff };
}

const scheduleOf = async (doctorId: string) => {
  const stored = (await scheduleRef(doctorId).get()).data();
  return stored ? normalised(stored) : undefined;
};

// --- schedules (staff) ---

const NO_DOCTOR = 'We could not find that doctor.';

/** A doctor sets and reads only their own schedule; admins (and staff, reading) any. */
function assertScheduleAccess(staff: Staff, doctorId: string) {
  if (staff.role === 'doctor' && staff.doctorId !== doctorId) throw forbidden("This is another doctor's schedule.");
  if (!isValidId(doctorId)) throw badRequest(invalidIdMessage('Doctor'));
}

async function assertDoctorExists(doctorId: string) {
  if (!(await doctorsCollection().doc(doctorId).get()).exists) throw notFound(NO_DOCTOR);
}

/** GET /staff/doctors/{doctorId}/schedule. */
export async function staffSchedule(staff: Staff, doctorId: string): Promise<DoctorScheduleView> {
  assertScheduleAccess(staff, doctorId);
  const [doctor, stored] = await doctorAndSchedule(doctorId);
  if (!doctor.exists) throw notFound(NO_DOCTOR);
  const data = stored.data() as StoredSchedule | undefined;
  return { doctorId, schedule: data ? normalised(data) : null, updatedAt: data?.updatedAt ?? null };
}

/**
 * PUT /staff/doctors/{doctorId}/schedule: replaces the schedule; audited. Time off over booked
 * (Pending or Accepted) appointments answers 409 with data.affected unless confirm is true; then
 * they are marked needsRebooking and their patients told (services/booking/rebooking.ts), in the same
 * transaction. Booked appointments are never moved or cancelled by a schedule change.
 */
export async function setSchedule(staff: Staff, doctorId: string, input: DoctorScheduleInput): Promise<DoctorScheduleView> {
  assertScheduleAccess(staff, doctorId);
  await assertDoctorExists(doctorId);
  const schedule = normalised(input);
  const updatedAt = new Date().toISOString();
  await runTransaction(async (tx) => {
    const affected = await affectedByTimeOff(tx, doctorId, schedule);
    refuseUnlessConfirmed(affected, input.confirm, 'in this time off');
    tx.set(scheduleRef(doctorId), { ...schedule, updatedAt, updatedBy: staff.uid });
    await auditAs(staff, { action: 'schedule.update', target: `doctorSchedules/${doctorId}`, ...rebookingShown(affected) }, tx);
    await flagForRebooking(tx, affected, 'the doctor is not available at that time');
  });
  return { doctorId, schedule, updatedAt };
}

// --- free slots (public) ---

/**
 * GET /doctors/{doctorId}/slots: the free slots of each day from `from` to `to`. Reads: the
 * doctor and the schedule (one getAll, 2 documents) and ONE range query over the doctor's
 * slot documents in the range (one read per taken slot, at least one): `reads` counts them.
 */
export async function doctorSlots(
  doctorId: string,
  from: string,
  to: string,
  now = new Date(),
): Promise<{ days: DaySlots[]; reads: number }> {
  if (!isValidId(doctorId)) throw notFound(NO_DOCTOR);
  const [doctor, stored] = await doctorAndSchedule(doctorId);
  if (!doctor.exists) throw notFound(NO_DOCTOR);
  const days = daysBetween(from, to);
  const data = stored.data() as StoredSchedule | undefined;
  const today = todayInGhana(now);
  if (!data || to < today) return { days: days.map((day) => ({ day, times: [] })), reads: 2 };
  const schedule = normalised(data);
  const start = from < today ? today : from;
  const [taken, closed] = await Promise.all([takenSlots(doctorId, start, to), closuresBetween(start, to)]);
  const earliest = earliestFrom(now, MIN_BOOKING_NOTICE_HOURS);
  const takenCount = [...taken.values()].reduce((n, s) => n + s.size, 0);
  return {
    days: days.map((day) => {
      const closure = closed.get(day);
      if (closure) return { day, times: [], closed: closure.reason };
      return { day, times: freeTimes(schedule, day, taken.get(day) ?? new Set(), earliest) };
    }),
    reads: 2 + Math.max(1, takenCount) + Math.max(1, closed.size),
  };
}

/**
 * 409 unless `time` on `day` is a slot of the doctor's schedule that starts after the notice
 * and is not in time off. Whether someone holds it is left to the slot document's create().
 */
export async function assertOnSchedule(doctorId: string, day: string, time: string, now: Date, noticeHours: number) {
  const schedule = await scheduleOf(doctorId);
  if (!schedule || !freeTimes(schedule, day, new Set(), earliestFrom(now, noticeHours)).includes(time))
    throw conflict(SLOT_TAKEN);
}

// --- daily capacity ---

const capacityService = (serviceId: number) => {
  const service = serviceById(serviceId);
  if (!service) throw notFound('We do not offer that service.');
  if (!CAPACITY_SERVICE_IDS.includes(serviceId))
    throw notFound(`${service.title} is booked by time, not by day: it has no daily places.`);
  return service;
};

const perDayOf = (stored: { perDay?: unknown } | undefined) =>
  typeof stored?.perDay === 'number' ? stored.perDay : DEFAULT_DAILY_CAPACITY;

/** GET /staff/services/capacity: every home or community service with its places a day. */
export async function listCapacities(): Promise<ServiceCapacity[]> {
  const stored = new Map((await allCapacities()).map((c) => [c.serviceId, c]));
  return CAPACITY_SERVICE_IDS.map((id) => ({ serviceId: id, service: capacityTitle(id), perDay: perDayOf(stored.get(id)) }));
}

/** PUT /staff/services/{serviceId}/capacity (admins): audited; days already fuller than this keep their bookings. */
export async function setCapacity(staff: Staff, serviceId: number, perDay: number): Promise<ServiceCapacity> {
  const service = capacityService(serviceId);
  await runTransaction(async (tx) => {
    tx.set(capacityRef(serviceId), { serviceId, perDay, updatedAt: new Date().toISOString(), updatedBy: staff.uid });
    await auditAs(staff, { action: 'capacity.update', target: `serviceCapacity/${serviceId}` }, tx);
  });
  return { serviceId, service: capacityTitle(service.id), perDay };
}

/** GET /services/{serviceId}/days: places left each day (0 = full; past days 0). Reads: the setting and one range query. */
export async function serviceDays(serviceId: number, from: string, to: string, now = new Date()): Promise<DayPlaces[]> {
  capacityService(serviceId);
  const [setting, taken, closed] = await Promise.all([
    capacityRef(serviceId).get(),
    placesTaken(serviceId, from, to),
    closuresBetween(from, to),
  ]);
  const perDay = perDayOf(setting.data());
  const today = todayInGhana(now);
  return daysBetween(from, to).map((day) => {
    const closure = closed.get(day);
    if (closure) return { day, left: 0, closed: closure.reason };
    return { day, left: day < today ? 0 : Math.max(0, perDay - (taken.get(day) ?? 0)) };
  });
}

/** Inside a transaction, before its writes: 409 when the day has no place left for this appointment. */
export async function assertPlaceLeft(tx: Transaction, serviceId: number, service: string, day: string, appointmentId: string) {
  // One getAll: both reads in one round trip (the refs' converters differ, so as plain documents).
  const [dayDoc, setting] = await tx.getAll(
    capacityDayRef(serviceId, day).withConverter(null),
    capacityRef(serviceId).withConverter(null),
  );
  const holders = (dayDoc.get('appointmentIds') as string[] | undefined) ?? [];
  if (holders.includes(appointmentId)) return;
  if (holders.length >= perDayOf(setting.data())) throw conflict(fullDayMessage(service));
}

// --- booking and freeing ---

type Booking = Pick<
  Appointment,
  | 'appointmentId'
  | 'patientId'
  | 'requestedServiceId'
  | 'requestedService'
  | 'requestedServiceOption'
  | 'requestedDay'
  | 'requestedTime'
  | 'doctorId'
>;

/** 409 when the clinic is closed that day (closures/{day}); in a transaction, a read of the closure. */
export async function assertOpen(day: string, tx?: Transaction) {
  const closure = tx ? await closureIn(tx, day) : (await closureRef(day).get()).data();
  if (closure) throw conflict(closedDayMessage(day, closure.reason));
}

/** Before the booking's transaction: the clinic open that day, and a doctor's time a free slot of the schedule now (else 409). */
export async function assertBookable(b: Pick<Booking, 'doctorId' | 'requestedDay' | 'requestedTime'>, now = new Date()) {
  // Both reads at once; a closed day is the answer when both refuse.
  const [open, onSchedule] = await Promise.allSettled([
    assertOpen(b.requestedDay),
    b.doctorId && b.requestedTime
      ? assertOnSchedule(b.doctorId, b.requestedDay, b.requestedTime, now, MIN_BOOKING_NOTICE_HOURS)
      : undefined,
  ]);
  if (open.status === 'rejected') throw open.reason;
  if (onSchedule.status === 'rejected') throw onSchedule.reason;
}

export const claimSlot = (tx: Transaction, b: Booking, day: string, time: string) =>
  // Claimed by create() alone, without reading it first: a transaction that reads the slot
  // would wait on the lock of every other booking of it (ABORTED after seconds); a create
  // that finds it taken fails the commit with ALREADY_EXISTS (gRPC 6) at once.
  tx.create(doctorSlotRef(b.doctorId!, day, time), {
    appointmentId: b.appointmentId,
    patientId: b.patientId,
    doctorId: b.doctorId!,
    day,
    time,
  });

/**
 * First in the booking's transaction: a home or community service takes a place of its day
 * (409 when full; a read of the day, so concurrent bookings of one day serialise and the
 * loser of a contended commit is retried or answers 503), a doctor's time its slot document.
 */
export async function claimAvailability(tx: Transaction, b: Booking): Promise<void> {
  // Read in the transaction: a closure set meanwhile makes this booking wait or retry, never slip in.
  await assertOpen(b.requestedDay, tx);
  if (usesDailyCapacity(b.requestedServiceId, b.requestedServiceOption)) {
    await assertPlaceLeft(tx, b.requestedServiceId, b.requestedService, b.requestedDay, b.appointmentId);
    holdPlace(tx, b.requestedServiceId, b.requestedDay, b.appointmentId);
  }
  if (b.doctorId && b.requestedTime) claimSlot(tx, b, b.requestedDay, b.requestedTime);
}

/**
 * Frees the place of the day an appointment holds (the doctor's slot is freed by the callers
 * through heldSlot, which must read it before their writes). A blind write: safe after the
 * transaction's other writes and harmless when it held none.
 */
export function releaseAvailability(tx: Transaction, a: Booking): void {
  if (usesDailyCapacity(a.requestedServiceId, a.requestedServiceOption))
    releasePlace(tx, a.requestedServiceId, a.requestedDay, a.appointmentId);
}
