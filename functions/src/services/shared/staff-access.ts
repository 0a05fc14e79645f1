import { NURSE_ACTIONS, type AuditEntry, type StaffAction, type StaffRole } from '../../api/staff';
import type { Appointment } from '../../api/types';
import { forbidden } from '../../http/errors';
import type { Transaction } from 'firebase-admin/firestore';
import { type AuditRecord, writeAudit } from '../../store/staff';

/** The staff member acting: who, in which role, and for a doctor which doctor they are. */
export interface Staff {
  uid: string;
  role: StaffRole;
  email?: string;
  doctorId?: string;
}

type Visible = Pick<Appointment, 'doctorId'> & { assignedTo?: string | null };

/**
 * Who may see a patient's data, in one place (docs/record.md, docs/roles-and-audit.md): the
 * roles (canSee), a clinician's own or assigned appointment (isClinicianOf), and the record's
 * window of care (caresFor: the patient took part in the appointment, in its window). The record,
 * the desk's lists and the lifecycle all ask here.
 */

const isAssignedTo = (staff: Pick<Staff, 'uid'>, a: Visible): boolean => Boolean(a.assignedTo) && a.assignedTo === staff.uid;

/** The appointment's clinician: its doctor (doctorId), or the one it is assigned to. */
export const isClinicianOf = (staff: Pick<Staff, 'uid' | 'doctorId'>, a: Visible): boolean =>
  isAssignedTo(staff, a) || (Boolean(a.doctorId) && a.doctorId === staff.doctorId);

/**
 * Who sees an appointment (docs/front-desk.md): admins and staff all; a doctor their own
 * (doctorId) and those assigned to them; a nurse only those assigned to her.
 */
export function canSee(staff: Staff, a: Visible): boolean {
  if (staff.role === 'admin' || staff.role === 'staff') return true;
  return staff.role === 'doctor' ? isClinicianOf(staff, a) : isAssignedTo(staff, a);
}

/** A record stays open to a doctor this long after a completed visit (docs/record.md 'Who reads what'). */
export const RECORD_OPEN_AFTER_VISIT_MONTHS = 12;

/** States of an appointment through which its clinician is caring for the patient now or soon. */
const IN_CARE_STATES: readonly string[] = ['Accepted', 'OnTheWay', 'CheckedIn'];

/** States that say the patient was there: checked in (at the clinic, at home, or admitted to the call) and seen. */
const ATTENDED_STATES: readonly string[] = ['CheckedIn', 'Completed'];

type TakenPartIn = Pick<Appointment, 'bookedBy' | 'confirmedByPatientAt' | 'paymentStatus' | 'checkedInAt' | 'appointmentStatus'>;

/**
 * Whether the patient took part in this appointment, so it may open their record (docs/record.md
 * 'Who reads what'): they booked it themselves (no bookedBy: on the site, or by their own
 * USSD call), confirmed the booking staff made for them, paid for it, or were checked in to it
 * (in person, or admitted to the call, which checks in). A booking staff made that none of these
 * followed is the clinic's word alone: its clinician works on the booking, never the record.
 */
export const patientTookPart = (a: TakenPartIn): boolean =>
  !a.bookedBy ||
  Boolean(a.confirmedByPatientAt) ||
  a.paymentStatus === 'Paid' ||
  Boolean(a.checkedInAt) ||
  ATTENDED_STATES.includes(a.appointmentStatus);

type InCare = Visible & TakenPartIn & Pick<Appointment, 'requestedDay'>;

/**
 * The window of care an appointment's state gives: Accepted, on the way or checked in; Pending
 * only once paid and not yet past; Completed for 12 months after the visit's day. Never
 * Pending-unpaid, Declined, Cancelled, Expired or No-show. `today` is Ghana's yyyy-MM-dd.
 */
export function inCareWindow(
  a: Pick<Appointment, 'appointmentStatus' | 'requestedDay' | 'paymentStatus'>,
  today: string,
): boolean {
  if (IN_CARE_STATES.includes(a.appointmentStatus)) return true;
  if (a.appointmentStatus === 'Pending') return a.paymentStatus === 'Paid' && a.requestedDay >= today;
  if (a.appointmentStatus !== 'Completed') return false;
  const until = new Date(`${a.requestedDay}T00:00:00Z`);
  until.setUTCMonth(until.getUTCMonth() + RECORD_OPEN_AFTER_VISIT_MONTHS);
  return today <= until.toISOString().slice(0, 10);
}

/**
 * The one rule for a clinician's access to a patient's whole record: an appointment they can
 * see (canSee), that the patient took part in (patientTookPart), in its window of care (inCareWindow).
 */
export const caresFor = (staff: Staff, a: InCare, today: string): boolean =>
  canSee(staff, a) && patientTookPart(a) && inCareWindow(a, today);

/** 403 unless the staff member may see it (and, for a nurse acting, only her field actions). */
export function assertMaySee(staff: Staff, a: Visible, action?: StaffAction): void {
  if (!canSee(staff, a)) {
    throw forbidden(staff.role === 'nurse' ? 'This visit is not assigned to you.' : "This appointment is another doctor's.");
  }
  if (staff.role === 'nurse' && action && !NURSE_ACTIONS.includes(action)) {
    throw forbidden('A nurse marks her visits on the way, checked in (arrived), completed or no-show; the desk does the rest.');
  }
}

/** What an answer showed, for its audit entry (docs/roles-and-audit.md: every staff read of patient data is recorded). */
export type Shown = Pick<AuditEntry, 'patientIds' | 'query' | 'count' | 'recordIds'>;

/** A list's filter as the audit entry records it ('status=Pending&cursor=abc'); undefined for none. */
function listQuery(filter: Record<string, string | number | undefined>): string | undefined {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.size ? params.toString() : undefined;
}

/** What one page of a list showed: its filter, how many, and whose (patientIds) or which (recordIds) records. */
export function pageShown(
  filter: Record<string, string | number | undefined>,
  named: { patientIds: string[] } | { recordIds: string[] },
): Shown {
  const ids = 'patientIds' in named ? named.patientIds : named.recordIds;
  return { query: listQuery(filter), count: ids.length, ...named };
}

/** Writes an audit entry of what this staff member did (inside `tx` when given, so it exists exactly when the change does). */
export const auditAs = (staff: Staff, entry: Omit<AuditRecord, 'actorUid' | 'actorRole'>, tx?: Transaction): Promise<void> =>
  writeAudit({ actorUid: staff.uid, actorRole: staff.role, ...entry }, tx);

/** One audit entry: who, what, on which record; for an answer that shows patient data, whose (shown). */
export const audit = (staff: Staff, action: string, target: string, shown: Shown = {}): AuditRecord => ({
  actorUid: staff.uid,
  actorRole: staff.role,
  action,
  target,
  ...shown,
});
