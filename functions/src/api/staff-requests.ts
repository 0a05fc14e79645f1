/**
 * The bodies and queries of the staff console's requests (api/staff.ts): the server validates
 * with these and the console builds its requests from them. Imports only yup and siblings.
 */
import { boolean, mixed, number, object, type InferType, type ObjectSchema } from 'yup';
import { MAX_LIST_RANGE_DAYS } from './front-desk';
import { calendarDay, isCalendarDay, requiredEmail, requiredText, idField, trimmed } from './request-fields';
import { clinicalNotesSchema, followUpSchema } from './record';
import {
  DEFAULT_PAGE_SIZE,
  ENQUIRY_STATUSES,
  MAX_PAGE_SIZE,
  MIN_PATIENT_QUERY,
  ORDER_STATUSES,
  APPOINTMENT_STATES,
  REFUND_METHODS,
  STAFF_ROLES,
  type DeclineRequest,
  type EnquiryStatusRequest,
  type GrantRoleRequest,
  type MarkRefundedRequest,
  type OrderStatusRequest,
  type StaffCancelRequest,
} from './staff';

/** A short reason or summary the patient reads. */
export const REASON_MAX = 500;
export const VISIT_SUMMARY_MAX = 2000;

export const declineSchema: ObjectSchema<DeclineRequest> = object({
  reason: requiredText('Reason', REASON_MAX),
});

/** The patient-facing summary, and for the clinic the structured notes and a suggested follow-up (api/record.ts). */
export const completeSchema = object({
  visitSummary: requiredText('Visit summary', VISIT_SUMMARY_MAX),
  clinicalNotes: clinicalNotesSchema.label('Clinical notes').default(undefined).optional(),
  followUp: followUpSchema.label('Suggest a follow-up').default(undefined).optional(),
});

export const staffCancelSchema: ObjectSchema<StaffCancelRequest> = object({
  reason: trimmed('Reason').max(REASON_MAX, `Reason must be at most ${REASON_MAX} characters.`).optional(),
});

export const enquiryStatusSchema: ObjectSchema<EnquiryStatusRequest> = object({
  status: mixed<EnquiryStatusRequest['status']>()
    .label('Status')
    .oneOf([...ENQUIRY_STATUSES], `Status must be one of ${ENQUIRY_STATUSES.join(', ')}.`)
    .required('Status is required.'),
});

const ORDER_TARGETS = ORDER_STATUSES.filter((s) => s !== 'Pending') as OrderStatusRequest['status'][];
export const orderStatusSchema: ObjectSchema<OrderStatusRequest> = object({
  status: mixed<OrderStatusRequest['status']>()
    .label('Status')
    .oneOf(ORDER_TARGETS, `Status must be one of ${ORDER_TARGETS.join(', ')}.`)
    .required('Status is required.'),
});

export const markRefundedSchema: ObjectSchema<MarkRefundedRequest> = object({
  providerReference: requiredText("The provider's reference", 100),
  method: mixed<MarkRefundedRequest['method']>()
    .label('How it was refunded')
    .oneOf(REFUND_METHODS, `How it was refunded must be one of ${REFUND_METHODS.join(', ')}.`)
    .required('How it was refunded is required.'),
});

export const grantRoleSchema: ObjectSchema<GrantRoleRequest> = object({
  email: requiredEmail('Email').lowercase(),
  role: mixed<GrantRoleRequest['role']>()
    .label('Role')
    .oneOf([...STAFF_ROLES], `Role must be one of ${STAFF_ROLES.join(', ')}.`)
    .required('Role is required.'),
  doctorId: idField('Doctor')
    .optional()
    .when('role', {
      is: 'doctor',
      then: (s) => s.required('Doctor is required for the doctor role: the doctor this account is.'),
      otherwise: (s) => s.strip(),
    }),
});

/** ?cursor=&limit= of every list. */
const page = {
  cursor: idField('Page').optional(),
  limit: number()
    .label('Page size')
    .typeError('Page size must be a number.')
    .integer('Page size must be a whole number.')
    .min(1, 'Page size must be at least 1.')
    .max(MAX_PAGE_SIZE, `Page size can be at most ${MAX_PAGE_SIZE}.`)
    .default(DEFAULT_PAGE_SIZE),
};

export const pageQuerySchema = object(page);

/** GET /staff/audit: newest first, or only the entries naming one patient. */
export const auditQuerySchema = object({ ...page, patientId: idField('Patient').optional() });

/**
 * GET /api/staff/appointments: one day (day) or a week at most (from and to), by state, doctor,
 * service or assigned clinician; q finds by name, phone, clientReference or appointment id;
 * needsRebooking=true lists those a closure or time off left to rebook (docs/front-desk.md).
 */
export const appointmentListQuerySchema = object({
  ...page,
  day: calendarDay('Day').optional(),
  from: calendarDay('From').optional(),
  to: calendarDay('To').optional(),
  status: mixed<(typeof APPOINTMENT_STATES)[number]>()
    .label('Status')
    .oneOf([...APPOINTMENT_STATES], `Status must be one of ${APPOINTMENT_STATES.join(', ')}.`)
    .optional(),
  doctorId: idField('Doctor').optional(),
  serviceId: number()
    .label('Service')
    .typeError('Service must be one of our services.')
    .integer('Service must be one of our services.')
    .optional(),
  assignedTo: idField('Clinician').optional(),
  needsRebooking: boolean().label('To rebook').typeError('To rebook must be yes or no.').optional(),
  q: trimmed('Search')
    .min(MIN_PATIENT_QUERY, `Search must be at least ${MIN_PATIENT_QUERY} characters.`)
    .max(100, 'Search must be at most 100 characters.')
    .optional(),
}).test('range', function (f) {
  if (!f) return true;
  if (f.day && (f.from || f.to)) return this.createError({ message: 'Give either a day or From and To, not both.' });
  if (Boolean(f.from) !== Boolean(f.to)) return this.createError({ message: 'From and To go together: give both.' });
  if (f.from && f.to && isCalendarDay(f.from) && isCalendarDay(f.to)) {
    if (f.to < f.from) return this.createError({ message: `To (${f.to}) must not be before From (${f.from}).` });
    const days = (Date.parse(f.to) - Date.parse(f.from)) / 86_400_000 + 1;
    if (days > MAX_LIST_RANGE_DAYS)
      return this.createError({
        message: `from ${f.from} to ${f.to} is ${days} days: ask for at most ${MAX_LIST_RANGE_DAYS} days.`,
      });
  }
  return true;
});

export const enquiryListQuerySchema = object({
  ...page,
  status: mixed<EnquiryStatusRequest['status']>()
    .label('Status')
    .oneOf([...ENQUIRY_STATUSES], `Status must be one of ${ENQUIRY_STATUSES.join(', ')}.`)
    .optional(),
});

/** GET /api/staff/orders: by status; toDispatch=true lists the Paid orders not yet dispatched (the overview's count). */
export const orderListQuerySchema = object({
  ...page,
  status: mixed<(typeof ORDER_STATUSES)[number]>()
    .label('Status')
    .oneOf([...ORDER_STATUSES], `Status must be one of ${ORDER_STATUSES.join(', ')}.`)
    .optional(),
  toDispatch: boolean().label('To dispatch').typeError('To dispatch must be yes or no.').optional(),
});

export const refundListQuerySchema = object({
  ...page,
  status: mixed<'Due' | 'Refunded'>().label('Status').oneOf(['Due', 'Refunded'], 'Status must be Due or Refunded.').optional(),
});

/** GET /staff/payment-alerts?status=Open|Resolved (docs/money.md 'One transaction, one settlement'). */
export const paymentAlertListQuerySchema = object({
  ...page,
  status: mixed<'Open' | 'Resolved'>().label('Status').oneOf(['Open', 'Resolved'], 'Status must be Open or Resolved.').optional(),
});

/** POST /staff/payment-alerts/{id}/resolved: what staff found and did. */
export const resolveAlertSchema = object({
  note: requiredText('Note', 500),
});
export type ResolveAlertRequest = InferType<typeof resolveAlertSchema>;

export const patientSearchSchema = object({
  q: trimmed('Search')
    .required('Search (a name, e-mail or phone) is required.')
    .min(MIN_PATIENT_QUERY, `Search must be at least ${MIN_PATIENT_QUERY} characters.`)
    .max(100, 'Search must be at most 100 characters.'),
});
