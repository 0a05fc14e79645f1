import { Router } from 'express';
import { appointmentIdSchema, bookingSchema } from '../api/booking-request';
import { BOOKING_CONFIRMED } from '../api/front-desk';
import { accountEmailOf, assertOwnPatientId, callerOf, requireActivePatient, requireAuth } from '../http/auth';
import { created, ok } from '../http/envelope';
import { sendFile } from '../http/file';
import { checkIdParams } from '../http/ids';
import { CALLER_LIMITS, throttleCaller } from '../http/rate-limit';
import { bodyOf } from '../http/validate';
import {
  appointmentHistory,
  createAppointment,
  getAppointment,
  getAppointmentFile,
  pendingAppointments,
  upcomingAppointments,
} from '../services/booking/appointments';
import { cancelAppointment, cancelledMessage, deleteAppointment, getCancellation } from '../services/booking/cancel-and-delete';
import { confirmBooking } from '../services/booking/patient-confirmation';

/** Appointments: every route is the signed-in patient's own. */
export const appointmentsRouter = checkIdParams(Router());

const ownPatientId = (req: Parameters<typeof callerOf>[0]) =>
  assertOwnPatientId(req, typeof req.query.patientId === 'string' ? req.query.patientId : undefined);

const idParam = (req: Parameters<typeof callerOf>[0]) => String(req.params.appointmentId);

const booking = [requireAuth, requireActivePatient, throttleCaller(CALLER_LIMITS.bookings)];

appointmentsRouter.post('/appointments', ...booking, async (req, res) => {
  const { uid } = callerOf(req);
  const input = await bodyOf(req, bookingSchema);
  const appointment = await createAppointment(uid, input, { accountEmail: accountEmailOf(req) });
  created(res, appointment, 'Your appointment request has been received.');
});

appointmentsRouter.get('/appointments/pending', requireAuth, async (req, res) => {
  ok(res, await pendingAppointments(ownPatientId(req)));
});

/** The dashboard's Upcoming list (Pending, Accepted, on the way, checked in; not past): /appointments/pending keeps its meaning (docs/api.md). */
appointmentsRouter.get('/appointments/upcoming', requireAuth, async (req, res) => {
  ok(res, await upcomingAppointments(ownPatientId(req)));
});

/** The history: everything not upcoming. */
appointmentsRouter.get('/consultation', requireAuth, async (req, res) => {
  ok(res, await appointmentHistory(ownPatientId(req)));
});

appointmentsRouter.post('/appointments/cancel', requireAuth, async (req, res) => {
  const { appointmentId } = await bodyOf(req, appointmentIdSchema);
  const cancelled = await cancelAppointment(callerOf(req).uid, appointmentId);
  ok(res, cancelled, cancelledMessage(cancelled.cancellation));
});

appointmentsRouter.get('/appointments/:appointmentId', requireAuth, async (req, res) => {
  ok(res, await getAppointment(callerOf(req).uid, idParam(req)));
});

/** Which rule of the cancellation policy would apply now, so the dashboard can say it before the patient confirms. */
appointmentsRouter.get('/appointments/:appointmentId/cancellation', requireAuth, async (req, res) => {
  ok(res, await getCancellation(callerOf(req).uid, idParam(req)));
});

/** The patient confirms a booking staff made for them (docs/front-desk.md): its doctor may then open their record through it. */
appointmentsRouter.post('/appointments/:appointmentId/confirm', requireAuth, async (req, res) => {
  ok(res, await confirmBooking(callerOf(req).uid, idParam(req)), BOOKING_CONFIRMED);
});

/** The owner's prescription itself (its content type, not JSON). */
appointmentsRouter.get('/appointments/:appointmentId/file', requireAuth, async (req, res) => {
  sendFile(res, await getAppointmentFile(callerOf(req).uid, idParam(req)));
});

appointmentsRouter.delete('/appointments/:appointmentId', requireAuth, async (req, res) => {
  await deleteAppointment(callerOf(req).uid, idParam(req));
  ok(res, null, 'Your appointment has been deleted.');
});
