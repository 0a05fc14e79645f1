import { FieldValue } from 'firebase-admin/firestore';
import { todayInGhana } from '../../api/booking-request';
import { deskMovableStates, MIN_BOOKING_NOTICE_HOURS, RESCHEDULABLE_STATES } from '../../api/policy';
import {
  reschedulingTerms,
  notReschedulable,
  SLOT_TAKEN,
  usesDailyCapacity,
  type RescheduleEntry,
  type RescheduleRequest,
} from '../../api/scheduling';
import { atHome } from '../../api/service-catalog';
import { isVirtualVisit } from '../../api/visits';
import { type Appointment, APPOINTMENT_STATUS } from '../../api/types';
import { conflict, fieldRefused, forbidden, notFound } from '../../http/errors';
import { noticeMail, notifyPatient } from '../../notifications/notify';
import { appointmentRescheduled, doctorAppointmentRescheduled } from '../../notifications/templates';
import { appointmentRef, heldSlot, startsAtFields } from '../../store/appointments';
import { doctorAccountEmails, holdPlace } from '../../store/schedules';
import { writeAudit } from '../../store/staff';
import { runTransaction } from '../../store/transaction';
import { queueMail } from '../../notifications/mail';
import { assertMaySee, type Staff } from '../shared/staff-access';
import { hasCode } from '../../store/error-codes';
import { moveVisit, readVisit } from '../visits/room';
import { assertOnSchedule, assertOpen, assertPlaceLeft, claimSlot, earliestFrom, releaseAvailability } from './scheduling';

/**
 * Rescheduling (docs/scheduling.md): the patient or the clinic moves an appointment to a new
 * day and time; the slot or place it held is freed and the new one claimed (services/booking/scheduling.ts).
 */

export type Rescheduler = { kind: 'patient'; uid: string } | { kind: 'staff'; staff: Staff };

const NO_APPOINTMENT = 'We could not find that appointment.';

function assertMayReschedule(who: Rescheduler, a: Appointment) {
  if (who.kind === 'patient' && a.patientId !== who.uid) throw forbidden();
  if (who.kind === 'staff') assertMaySee(who.staff, a);
}

/**
 * The patient's rules (12 hours before, at most RESCHEDULE_LIMIT moves); the clinic only needs a
 * movable state, which for a visit at the patient's address is anything not yet done (api/policy.ts).
 */
function assertRules(who: Rescheduler, a: Appointment, now: Date) {
  if (who.kind === 'staff') {
    if (!deskMovableStates(atHome(a.requestedServiceId, a.requestedServiceOption)).includes(a.appointmentStatus))
      throw conflict(notReschedulable(a.appointmentStatus));
    return;
  }
  const terms = reschedulingTerms(a, now);
  if (!terms.allowed) throw conflict(terms.reason);
}

/** The appointment, when the caller may move it: 404 when there is none, 403 when it is not theirs. */
export async function visible(who: Rescheduler, appointmentId: string): Promise<Appointment> {
  const a = (await appointmentRef(appointmentId).get()).data();
  if (!a || a.appointmentStatus === APPOINTMENT_STATUS.Deleted) throw notFound(NO_APPOINTMENT);
  assertMayReschedule(who, a);
  return a;
}

/** The new day and time, checked against what the appointment is: a time only where it has one. */
async function targetOf(who: Rescheduler, a: Appointment, input: RescheduleRequest, now: Date) {
  const day = input.requestedDay;
  const time = a.requestedTime ? (input.requestedTime ?? null) : null;
  if (a.requestedTime && !time) throw fieldRefused('requestedTime', 'Preferred Time is required for this appointment.');
  if (day < todayInGhana(now)) throw fieldRefused('requestedDay', 'Preferred Date must be today or later.');
  if (day === a.requestedDay && time === a.requestedTime)
    throw conflict('That is already the time of this appointment. Please choose another.');
  await assertOpen(day);
  // The clinic may move someone into the next two hours; the patient keeps the booking notice.
  const notice = who.kind === 'staff' ? 0 : MIN_BOOKING_NOTICE_HOURS;
  if (a.doctorId && time) await assertOnSchedule(a.doctorId, day, time, now, notice);
  else if (time && `${day}T${time}` < earliestFrom(now, notice).toISOString().slice(0, 16)) throw conflict(SLOT_TAKEN);
  return { day, time };
}

/**
 * POST /appointments/{id}/reschedule (the owner) and /staff/appointments/{id}/reschedule: one
 * transaction frees the old slot or place, claims the new one (its create fails when someone
 * holds it: 409), records the move, moves a video visit's room to the new time, and queues the
 * notices to the patient and the doctor.
 * rescheduleCount counts the patient's own moves (the limit is theirs); the history has all.
 */
export async function rescheduleAppointment(
  who: Rescheduler,
  appointmentId: string,
  input: RescheduleRequest,
  now = new Date(),
): Promise<Appointment> {
  const before = await visible(who, appointmentId);
  assertRules(who, before, now);
  const target = await targetOf(who, before, input, now);
  const doctorEmails = before.doctorId ? await doctorAccountEmails(before.doctorId) : [];
  const ref = appointmentRef(appointmentId);
  try {
    return await runTransaction(async (tx) => {
      const a = (await tx.get(ref)).data();
      if (!a || a.appointmentStatus === APPOINTMENT_STATUS.Deleted) throw notFound(NO_APPOINTMENT);
      assertMayReschedule(who, a);
      assertRules(who, a, now);
      if (a.requestedDay !== before.requestedDay || a.requestedTime !== before.requestedTime)
        throw conflict('This appointment has just been moved. Please reload it and try again.');
      await assertOpen(target.day, tx);
      const oldSlot = await heldSlot(tx, a);
      const capacity = usesDailyCapacity(a.requestedServiceId, a.requestedServiceOption);
      if (capacity) await assertPlaceLeft(tx, a.requestedServiceId, a.requestedService, target.day, a.appointmentId);
      const visit = isVirtualVisit(a) ? await readVisit(tx, appointmentId) : undefined;

      if (oldSlot) tx.delete(oldSlot);
      if (a.doctorId && target.time) claimSlot(tx, a, target.day, target.time);
      if (capacity) {
        releaseAvailability(tx, a);
        holdPlace(tx, a.requestedServiceId, target.day, a.appointmentId);
      }
      const entry: RescheduleEntry = {
        fromDay: a.requestedDay,
        fromTime: a.requestedTime,
        toDay: target.day,
        toTime: target.time,
        at: now.toISOString(),
        by: who.kind === 'patient' ? 'patient' : 'clinic',
      };
      const rescheduleCount = (a.rescheduleCount ?? 0) + (who.kind === 'patient' ? 1 : 0);
      // A field visit the clinician set off for or arrived at too early starts over on its new day.
      const restart = RESCHEDULABLE_STATES.includes(a.appointmentStatus)
        ? {}
        : { appointmentStatus: APPOINTMENT_STATUS.Accepted };
      tx.update(ref, {
        ...restart,
        requestedDay: target.day,
        requestedTime: target.time,
        // The reminders' query field (an update does not pass through the converter).
        ...startsAtFields(target.day, target.time),
        rescheduleCount,
        reschedules: FieldValue.arrayUnion(entry),
        // Moved to a new time: off the desk's rebooking list (docs/front-desk.md).
        ...(a.needsRebooking ? { needsRebooking: false } : {}),
      });
      if (who.kind === 'staff')
        await writeAudit(
          {
            actorUid: who.staff.uid,
            actorRole: who.staff.role,
            action: 'appointment.reschedule',
            target: `appointments/${appointmentId}`,
            patientIds: [a.patientId],
          },
          tx,
        );
      // A video visit's room opens at the new time instead: nobody stays in it until then.
      const actor =
        who.kind === 'staff'
          ? { actorUid: who.staff.uid, actorRole: who.staff.role }
          : { actorUid: who.uid, actorRole: 'patient' as const };
      await moveVisit(tx, visit, { doctorId: a.doctorId, requestedDay: target.day, requestedTime: target.time }, actor);
      const moved: Appointment = {
        ...a,
        ...restart,
        ...(a.needsRebooking ? { needsRebooking: false } : {}),
        requestedDay: target.day,
        requestedTime: target.time,
        rescheduleCount,
        reschedules: [...(a.reschedules ?? []), entry],
      };
      const from = { day: a.requestedDay, time: a.requestedTime };
      await notifyPatient(a.patientId, appointmentRescheduled(moved, from, entry.by), { tx });
      for (const email of doctorEmails) await queueMail(noticeMail(email, doctorAppointmentRescheduled(moved, from)), tx);
      return moved;
    });
  } catch (err) {
    // ALREADY_EXISTS: another booking holds the new slot.
    if (hasCode(err, 'ALREADY_EXISTS')) throw conflict(SLOT_TAKEN);
    throw err;
  }
}
