import { Router, type Request } from 'express';
import {
  appointmentListQuerySchema,
  completeSchema,
  declineSchema,
  enquiryListQuerySchema,
  enquiryStatusSchema,
  grantRoleSchema,
  markRefundedSchema,
  orderListQuerySchema,
  orderStatusSchema,
  pageQuerySchema,
  patientSearchSchema,
  auditQuerySchema,
  paymentAlertListQuerySchema,
  refundListQuerySchema,
  resolveAlertSchema,
  staffCancelSchema,
} from '../api/staff-requests';
import { STAFF_ACTIONS, type StaffAction } from '../api/staff';
import { requireAuth, requireRole, staffOf } from '../http/auth';
import { showsPatientData } from '../http/patient-data';
import { created, ok } from '../http/envelope';
import { badRequest } from '../http/errors';
import { sendFile } from '../http/file';
import { checkIdParams } from '../http/ids';
import { validateBody } from '../http/validate';
import {
  actOnAppointment,
  listAppointments,
  staffAppointment,
  staffAppointmentFile,
  type ActionInput,
} from '../services/booking/staff-appointments';
import { listOrders, setOrderStatus } from '../services/orders/order-desk';
import { patientView, searchPatients } from '../services/patients/patient-search';
import { listRefunds, markRefunded } from '../services/payments/refund-desk';
import { listPaymentAlerts, resolvePaymentAlert } from '../services/payments/payment-alerts';
import { listEnquiries, listMessages, newsletterCsv, setEnquiryStatus } from '../services/public/inbox';
import { overview } from '../services/staff/overview';
import { grantRole, listAudit, listStaff, revokeRole } from '../services/staff/roles';
import { StaleCursorError } from '../store/pages';
import { addSchedulingRoutes } from './staff-scheduling';
import { addFrontDeskRoutes } from './staff-front-desk';
import { addRecordRoutes } from './staff-record';
import { addCallbackRoutes } from './staff-callbacks';
import { addDirectDebitRoutes } from './staff-direct-debit';
import { appointmentDeliveries, patientDeliveries } from '../services/staff/deliveries';
import { withNames } from '../services/staff/audit-names';

/**
 * The clinic's side, /staff/... (docs/roles-and-audit.md). Every route runs requireAuth
 * and then requireRole: no token 401, no staff role 403, doctors only where they are named
 * (and then only on their own appointments). routes/__tests__/staff-access.test.ts walks this
 * router's stack, so a route added without a role guard fails it. A route whose answer carries
 * patient data is marked showsPatientData and its service writes one auditLog entry per answer
 * (routes/__tests__/staff-audit.test.ts walks the stack for that too).
 */
export const staffRouter = checkIdParams(Router());

/** Every role: a doctor and a nurse then see only their own (services/shared/staff-access.ts canSee). */
const everyone = [requireAuth, requireRole('admin', 'staff', 'doctor', 'nurse')];
const clinic = [requireAuth, requireRole('admin', 'staff')];
const admins = [requireAuth, requireRole('admin')];

const query = <S extends Parameters<typeof validateBody>[0]>(req: Request, schema: S) => validateBody(schema, { ...req.query });
const param = (req: Request, name: string) => String(req.params[name]);

/** A cursor from an older list that names no document any more: 400, not a silent first page. */
async function paged<T>(list: () => Promise<T>): Promise<T> {
  try {
    return await list();
  } catch (err) {
    if (err instanceof StaleCursorError) throw badRequest('cursor: that page is no longer there. Please reload the list.');
    throw err;
  }
}

staffRouter.get('/staff/overview', ...everyone, async (req, res) => {
  ok(res, await overview(staffOf(req)));
});

// The front desk's routes (routes/staff-front-desk.ts), before /staff/appointments/:appointmentId...
addFrontDeskRoutes(staffRouter);

// --- appointments ---

staffRouter.get('/staff/appointments', ...everyone, showsPatientData, async (req, res) => {
  const { cursor, limit, ...filter } = await query(req, appointmentListQuerySchema);
  ok(res, await paged(() => listAppointments(staffOf(req), filter, limit, cursor)));
});

staffRouter.get('/staff/appointments/:appointmentId', ...everyone, showsPatientData, async (req, res) => {
  ok(res, await staffAppointment(staffOf(req), param(req, 'appointmentId')));
});

/** The prescription itself (its content type, not JSON); each opening is audited. */
staffRouter.get('/staff/appointments/:appointmentId/file', ...everyone, showsPatientData, async (req, res) => {
  sendFile(res, await staffAppointmentFile(staffOf(req), param(req, 'appointmentId')));
});

/** The e-mails and SMS about the appointment, with their status (docs/notifications.md). */
staffRouter.get('/staff/appointments/:appointmentId/deliveries', ...everyone, showsPatientData, async (req, res) => {
  ok(res, await appointmentDeliveries(staffOf(req), param(req, 'appointmentId')));
});

const isAction = (value: string): value is StaffAction => (STAFF_ACTIONS as readonly string[]).includes(value);

async function actionInput(req: Request, action: StaffAction): Promise<ActionInput> {
  if (action === 'decline') return validateBody(declineSchema, req.body);
  if (action === 'complete') return validateBody(completeSchema, req.body);
  if (action === 'cancel') return validateBody(staffCancelSchema, req.body ?? {});
  return {};
}

// Before the :action route, which would take 'reschedule' (or 'prescriptions') for an action.
addSchedulingRoutes(staffRouter);
addRecordRoutes(staffRouter);
addCallbackRoutes(staffRouter);
addDirectDebitRoutes(staffRouter);

staffRouter.post('/staff/appointments/:appointmentId/:action', ...everyone, showsPatientData, async (req, res) => {
  const action = param(req, 'action');
  if (!isAction(action)) throw badRequest(`action must be one of ${STAFF_ACTIONS.join(', ')}.`);
  const input = await actionInput(req, action);
  const appointment = await actOnAppointment(staffOf(req), param(req, 'appointmentId'), action, input);
  ok(res, appointment, `The appointment is now ${appointment.appointmentStatus}.`);
});

// --- inbox ---

staffRouter.get('/staff/enquiries', ...clinic, showsPatientData, async (req, res) => {
  const { status, limit, cursor } = await query(req, enquiryListQuerySchema);
  ok(res, await paged(() => listEnquiries(staffOf(req), status, limit, cursor)));
});

staffRouter.post('/staff/enquiries/:id/status', ...clinic, showsPatientData, async (req, res) => {
  const { status } = await validateBody(enquiryStatusSchema, req.body);
  ok(res, await setEnquiryStatus(staffOf(req), param(req, 'id'), status), `The enquiry is now ${status}.`);
});

staffRouter.get('/staff/messages', ...clinic, showsPatientData, async (req, res) => {
  const { limit, cursor } = await query(req, pageQuerySchema);
  ok(res, await paged(() => listMessages(staffOf(req), limit, cursor)));
});

/** The one answer that is no envelope: a file for a spreadsheet. */
staffRouter.get('/staff/newsletter.csv', ...clinic, showsPatientData, async (req, res) => {
  const csv = await newsletterCsv(staffOf(req));
  res.set('Content-Type', 'text/csv; charset=utf-8');
  res.set('Content-Disposition', 'attachment; filename="newsletter-subscribers.csv"');
  res.status(200).send(csv);
});

// --- orders and refunds ---

staffRouter.get('/staff/orders', ...clinic, showsPatientData, async (req, res) => {
  const { status, toDispatch, limit, cursor } = await query(req, orderListQuerySchema);
  ok(res, await paged(() => listOrders(staffOf(req), { status, toDispatch }, limit, cursor)));
});

staffRouter.post('/staff/orders/:id/status', ...clinic, showsPatientData, async (req, res) => {
  const { status } = await validateBody(orderStatusSchema, req.body);
  ok(res, await setOrderStatus(staffOf(req), param(req, 'id'), status), `The order is now ${status}.`);
});

staffRouter.get('/staff/refunds', ...clinic, showsPatientData, async (req, res) => {
  const { status, limit, cursor } = await query(req, refundListQuerySchema);
  ok(res, await paged(() => listRefunds(staffOf(req), status, limit, cursor)));
});

staffRouter.post('/staff/refunds/:id/refunded', ...clinic, showsPatientData, async (req, res) => {
  const sent = await validateBody(markRefundedSchema, req.body);
  ok(res, await markRefunded(staffOf(req), param(req, 'id'), sent), 'The refund is marked refunded. The patient is told.');
});

/** Payments the settlement refused (a provider transaction a second record named): for staff to look at. */
staffRouter.get('/staff/payment-alerts', ...clinic, showsPatientData, async (req, res) => {
  const { status, limit, cursor } = await query(req, paymentAlertListQuerySchema);
  ok(res, await paged(() => listPaymentAlerts(staffOf(req), status, limit, cursor)));
});

staffRouter.post('/staff/payment-alerts/:id/resolved', ...clinic, showsPatientData, async (req, res) => {
  const { note } = await validateBody(resolveAlertSchema, req.body);
  ok(res, await resolvePaymentAlert(staffOf(req), param(req, 'id'), note), 'The alert is resolved. Your note is kept with it.');
});

// --- patients ---

staffRouter.get('/staff/patients', ...clinic, showsPatientData, async (req, res) => {
  const { q } = await query(req, patientSearchSchema);
  ok(res, await searchPatients(staffOf(req), q));
});

staffRouter.get('/staff/patients/:patientId', ...clinic, showsPatientData, async (req, res) => {
  ok(res, await patientView(staffOf(req), param(req, 'patientId')));
});

staffRouter.get('/staff/patients/:patientId/deliveries', ...clinic, showsPatientData, async (req, res) => {
  ok(res, await patientDeliveries(staffOf(req), param(req, 'patientId')));
});

// --- admins only: roles and the audit log ---

staffRouter.get('/staff/roles', ...admins, async (req, res) => {
  const { limit, cursor } = await query(req, pageQuerySchema);
  ok(res, await paged(() => listStaff(limit, cursor)));
});

staffRouter.post('/staff/roles', ...admins, async (req, res) => {
  const input = await validateBody(grantRoleSchema, req.body);
  created(
    res,
    await grantRole(staffOf(req), input),
    `${input.email} is now ${input.role}. The role applies from their next sign-in token.`,
  );
});

staffRouter.delete('/staff/roles/:id', ...admins, async (req, res) => {
  await revokeRole(staffOf(req), param(req, 'id'));
  ok(res, null, 'The role has been removed.');
});

/** The audit log, newest first; ?patientId= keeps the entries naming that patient. */
staffRouter.get('/staff/audit', ...admins, async (req, res) => {
  const { limit, cursor, patientId } = await query(req, auditQuerySchema);
  ok(res, await withNames(await paged(() => listAudit(limit, cursor, patientId))));
});
