import type { Request, Router } from 'express';
import { capacitySchema, doctorScheduleSchema, rescheduleSchema } from '../api/scheduling';
import { formatWhen } from '../api/format';
import { requireAuth, requireRole, staffOf } from '../http/auth';
import { showsPatientData } from '../http/patient-data';
import { ok } from '../http/envelope';
import { validateBody } from '../http/validate';
import { listCapacities, setCapacity, setSchedule, staffSchedule } from '../services/booking/scheduling';
import { rescheduleAppointment, visible } from '../services/booking/rescheduling';

/**
 * The clinic's side of scheduling, added to routes/staff.ts's router (so staff-access.test.ts
 * walks these routes too): requireAuth, then requireRole, on each. Doctors only their own
 * schedule and appointments (checked in services/booking/scheduling.ts and rescheduling.ts before anything else).
 */
const everyone = [requireAuth, requireRole('admin', 'staff', 'doctor')];
const adminsAndDoctors = [requireAuth, requireRole('admin', 'doctor')];
const clinic = [requireAuth, requireRole('admin', 'staff')];
const admins = [requireAuth, requireRole('admin')];

const param = (req: Request, name: string) => String(req.params[name]);

export function addSchedulingRoutes(router: Router): void {
  router.get('/staff/doctors/:doctorId/schedule', ...everyone, async (req, res) => {
    ok(res, await staffSchedule(staffOf(req), param(req, 'doctorId')));
  });

  router.put('/staff/doctors/:doctorId/schedule', ...adminsAndDoctors, async (req, res) => {
    const staff = staffOf(req);
    const doctorId = param(req, 'doctorId');
    // Access first: another doctor's schedule is 403 whatever the body holds.
    await staffSchedule(staff, doctorId);
    const input = await validateBody(doctorScheduleSchema, req.body);
    ok(res, await setSchedule(staff, doctorId, input), 'The schedule has been saved.');
  });

  router.get('/staff/services/capacity', ...clinic, async (_req, res) => {
    ok(res, await listCapacities());
  });

  router.put('/staff/services/:serviceId/capacity', ...admins, async (req, res) => {
    const { perDay } = await validateBody(capacitySchema, req.body);
    const serviceId = /^\d{1,3}$/.test(param(req, 'serviceId')) ? Number(param(req, 'serviceId')) : -1;
    const saved = await setCapacity(staffOf(req), serviceId, perDay);
    ok(res, saved, `${saved.service} now takes ${perDay} bookings a day.`);
  });

  router.post('/staff/appointments/:appointmentId/reschedule', ...everyone, showsPatientData, async (req, res) => {
    const staff = staffOf(req);
    // Access first: another doctor's appointment is 403 whatever the body holds.
    await visible({ kind: 'staff', staff }, param(req, 'appointmentId'));
    const input = await validateBody(rescheduleSchema, req.body);
    const moved = await rescheduleAppointment({ kind: 'staff', staff }, param(req, 'appointmentId'), input);
    ok(res, moved, `The appointment has been moved to ${formatWhen(moved.requestedDay, moved.requestedTime)}.`);
  });
}
