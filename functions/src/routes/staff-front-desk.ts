import type { Request, Router } from 'express';
import { CLIENT_REFERENCE } from '../api/client-reference';
import {
  assignSchema,
  clinicPatientSchema,
  closureRangeSchema,
  confirmClaimSchema,
  closureSchema,
  daySheetQuerySchema,
  deskPaymentSchema,
  messageReplySchema,
  messageStatusSchema,
  phoneCodeSchema,
  phonePinResetSchema,
  staffBookingSchema,
} from '../api/front-desk';
import { requireAuth, requireRole, staffOf } from '../http/auth';
import { created, ok } from '../http/envelope';
import { badRequest } from '../http/errors';
import { showsPatientData } from '../http/patient-data';
import { validateBody } from '../http/validate';
import {
  confirmClaim,
  createClinicPatient,
  sendDeskCode,
  verifyDeskCode,
  verifyDeskEmail,
} from '../services/patients/clinic-patients';
import { deleteClosure, listClosures, setClosure } from '../services/booking/closures';
import { daySheetCsv } from '../services/booking/day-sheet';
import { bookForPatient } from '../services/booking/desk-booking';
import { recordDeskPayment, sendPaymentLink } from '../services/payments/desk-payments';
import { assignAppointment, listClinicians } from '../services/booking/home-visits';
import { orderDetail } from '../services/orders/order-desk';
import { replyToMessage, setMessageStatus } from '../services/public/inbox';
import { resetPhonePinAtDesk } from '../services/patients/phone-pin';

/**
 * The front desk and the field (docs/front-desk.md; contract in api/front-desk.ts), added to
 * routes/staff.ts's router before its /staff/appointments/:appointmentId routes (so
 * 'day-sheet.csv' and 'assign' are not taken for an id or an action), and walked by
 * staff-access.test.ts like every staff route: requireAuth, then requireRole, on each. A route
 * whose answer shows a patient is marked showsPatientData and writes one auditLog entry naming
 * them (staff-audit.test.ts walks the router for that).
 */
const allStaff = [requireAuth, requireRole('admin', 'staff', 'doctor', 'nurse')];
const clinic = [requireAuth, requireRole('admin', 'staff')];
const admins = [requireAuth, requireRole('admin')];

const param = (req: Request, name: string) => String(req.params[name]);
const query = <S extends Parameters<typeof validateBody>[0]>(req: Request, schema: S) => validateBody(schema, { ...req.query });

/** The spec's 10-character clientReference in the path; anything else is a 400 naming it. */
function clientReferenceOf(req: Request): string {
  const ref = param(req, 'clientReference');
  if (!CLIENT_REFERENCE.test(ref)) throw badRequest('Payment reference must be 10 letters or digits.');
  return ref;
}

export function addFrontDeskRoutes(router: Router): void {
  // --- people without an account ---

  router.post('/staff/patients', ...clinic, showsPatientData, async (req, res) => {
    const input = await validateBody(clinicPatientSchema, req.body);
    created(res, await createClinicPatient(staffOf(req), input), `${input.firstName} ${input.lastName} has been added.`);
  });

  // The PIN for changes by phone (docs/ussd.md 'The PIN'): forgotten only after an ID check.
  router.post('/staff/patients/:patientId/phone-pin/reset', ...clinic, showsPatientData, async (req, res) => {
    await validateBody(phonePinResetSchema, req.body);
    const reset = await resetPhonePinAtDesk(staffOf(req), param(req, 'patientId'));
    ok(
      res,
      { reset },
      reset ? 'The phone PIN is reset: their next change by phone sets a new one.' : 'This person has no phone PIN yet.',
    );
  });

  router.post('/staff/patients/:patientId/phone/code', ...clinic, showsPatientData, async (req, res) => {
    const sent = await sendDeskCode(staffOf(req), param(req, 'patientId'));
    ok(res, sent, `A code has been texted to ${sent.sentTo}.`);
  });

  router.post('/staff/patients/:patientId/phone/verify', ...clinic, showsPatientData, async (req, res) => {
    const { code } = await validateBody(phoneCodeSchema, req.body);
    const verified = await verifyDeskCode(staffOf(req), param(req, 'patientId'), code);
    ok(res, verified, `${verified.contactNumber} is verified.`);
  });

  router.post('/staff/patients/:patientId/email/code', ...clinic, showsPatientData, async (req, res) => {
    const sent = await sendDeskCode(staffOf(req), param(req, 'patientId'), new Date(), 'email');
    ok(res, sent, `A code has been e-mailed to ${sent.sentTo}.`);
  });

  router.post('/staff/patients/:patientId/email/verify', ...clinic, showsPatientData, async (req, res) => {
    const { code } = await validateBody(phoneCodeSchema, req.body);
    const verified = await verifyDeskEmail(staffOf(req), param(req, 'patientId'), code);
    ok(res, verified, `${verified.emailAddress} is verified.`);
  });

  router.post('/staff/patients/:patientId/confirm-claim', ...clinic, showsPatientData, async (req, res) => {
    const { accountId } = await validateBody(confirmClaimSchema, req.body);
    const confirmed = await confirmClaim(staffOf(req), param(req, 'patientId'), accountId);
    ok(res, confirmed, "Confirmed: the record and its appointments are now in the person's account.");
  });

  // --- booking for someone, the day sheet, home visits ---

  router.post('/staff/appointments', ...clinic, showsPatientData, async (req, res) => {
    const input = await validateBody(staffBookingSchema, req.body);
    created(res, await bookForPatient(staffOf(req), input), 'The appointment has been booked.');
  });

  /** The one answer besides the newsletter's that is no envelope: a file for a spreadsheet or a printer. */
  router.get('/staff/appointments/day-sheet.csv', ...allStaff, showsPatientData, async (req, res) => {
    const q = await query(req, daySheetQuerySchema);
    const { filename, csv } = await daySheetCsv(staffOf(req), q);
    res.set('Content-Type', 'text/csv; charset=utf-8');
    res.set('Content-Disposition', `attachment; filename="${filename}"`);
    res.status(200).send(csv);
  });

  router.get('/staff/clinicians', ...clinic, async (_req, res) => {
    ok(res, await listClinicians());
  });

  router.post('/staff/appointments/:appointmentId/assign', ...clinic, showsPatientData, async (req, res) => {
    const input = await validateBody(assignSchema, req.body);
    const a = await assignAppointment(staffOf(req), param(req, 'appointmentId'), input);
    ok(
      res,
      a,
      `${a.assignedToName} is assigned${a.arrivalWindow ? `, arriving ${a.arrivalWindow.from}-${a.arrivalWindow.to}` : ''}.`,
    );
  });

  // --- money at the desk ---

  router.post('/staff/payments/:clientReference/link', ...clinic, showsPatientData, async (req, res) => {
    const sent = await sendPaymentLink(staffOf(req), clientReferenceOf(req));
    ok(res, sent, `The payment link has been texted to ${sent.sentTo}.`);
  });

  router.post('/staff/payments/:clientReference/record', ...clinic, showsPatientData, async (req, res) => {
    const clientReference = clientReferenceOf(req);
    const input = await validateBody(deskPaymentSchema, req.body);
    const result = await recordDeskPayment(staffOf(req), clientReference, input);
    const msg =
      result.outcome === 'refund-due'
        ? 'This had already been paid, so the payment taken at the desk is recorded as a refund due to the patient.'
        : result.outcome === 'already-paid'
          ? 'This payment was already recorded.'
          : 'The payment has been recorded.';
    ok(res, result, msg);
  });

  // --- closed days ---

  router.get('/staff/closures', ...allStaff, async (req, res) => {
    const { from, to } = await query(req, closureRangeSchema);
    ok(res, await listClosures(from, to));
  });

  router.put('/staff/closures/:day', ...admins, async (req, res) => {
    const input = await validateBody(closureSchema, req.body);
    const closure = await setClosure(staffOf(req), param(req, 'day'), input);
    ok(res, closure, `The clinic is closed on ${closure.day}.`);
  });

  router.delete('/staff/closures/:day', ...admins, async (req, res) => {
    await deleteClosure(staffOf(req), param(req, 'day'));
    ok(res, null, `The clinic is open again on ${param(req, 'day')}.`);
  });

  // --- orders and the inbox ---

  router.get('/staff/orders/:id', ...clinic, showsPatientData, async (req, res) => {
    ok(res, await orderDetail(staffOf(req), param(req, 'id')));
  });

  router.post('/staff/messages/:id/status', ...clinic, showsPatientData, async (req, res) => {
    const { status } = await validateBody(messageStatusSchema, req.body);
    ok(res, await setMessageStatus(staffOf(req), param(req, 'id'), status), `The message is now ${status}.`);
  });

  router.post('/staff/messages/:id/reply', ...clinic, showsPatientData, async (req, res) => {
    const { text } = await validateBody(messageReplySchema, req.body);
    const message = await replyToMessage(staffOf(req), param(req, 'id'), text);
    ok(res, message, `Your reply has been e-mailed to ${message.email}.`);
  });
}
