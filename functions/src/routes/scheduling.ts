import { Router, type Request } from 'express';
import { withoutStaffOnly } from '../api/record';
import { availabilityQuerySchema, rescheduleSchema } from '../api/scheduling';
import { formatWhen } from '../api/format';
import { callerOf, requireAuth } from '../http/auth';
import { ok } from '../http/envelope';
import { checkIdParams } from '../http/ids';
import { bodyOf, validateBody } from '../http/validate';
import { doctorSlots, serviceDays } from '../services/booking/scheduling';
import { rescheduleAppointment } from '../services/booking/rescheduling';

/**
 * Availability (docs/scheduling.md): free slots of a doctor and places left of a home or
 * community service (public, cacheable briefly), and the patient's reschedule.
 */
export const schedulingRouter = checkIdParams(Router());

/** Free times change with every booking: browsers and the CDN keep them half a minute. */
export const AVAILABILITY_CACHE_CONTROL = 'public, max-age=30, s-maxage=30';

const rangeOf = (req: Request) => validateBody(availabilityQuerySchema, { ...req.query });

schedulingRouter.get('/doctors/:doctorId/slots', async (req, res) => {
  const { from, to } = await rangeOf(req);
  const { days } = await doctorSlots(String(req.params.doctorId), from, to);
  res.set('Cache-Control', AVAILABILITY_CACHE_CONTROL);
  ok(res, days);
});

schedulingRouter.get('/services/:serviceId/days', async (req, res) => {
  const { from, to } = await rangeOf(req);
  const serviceId = /^\d{1,3}$/.test(String(req.params.serviceId)) ? Number(req.params.serviceId) : -1;
  const days = await serviceDays(serviceId, from, to);
  res.set('Cache-Control', AVAILABILITY_CACHE_CONTROL);
  ok(res, days);
});

schedulingRouter.post('/appointments/:appointmentId/reschedule', requireAuth, async (req, res) => {
  const input = await bodyOf(req, rescheduleSchema);
  const moved = await rescheduleAppointment({ kind: 'patient', uid: callerOf(req).uid }, String(req.params.appointmentId), input);
  ok(res, withoutStaffOnly(moved), `Your appointment has been moved to ${formatWhen(moved.requestedDay, moved.requestedTime)}.`);
});
