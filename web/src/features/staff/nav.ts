/**
 * The console's sections and who sees them. The API decides what each role may read (a doctor
 * gets only their own appointments); the navigation only hides what a role would be refused.
 */
import type { StaffRole } from '@api/staff';

export interface StaffSection {
  to: string;
  label: string;
  roles: readonly StaffRole[];
  /** A page opened from another (the day sheet from Appointments): guarded, but not in the menu. */
  hidden?: boolean;
}

const EVERYONE: readonly StaffRole[] = ['admin', 'staff', 'doctor', 'nurse'];
const DESK: readonly StaffRole[] = ['admin', 'staff'];
/** Who goes to a patient's home: the visits assigned to them (docs/front-desk.md). */
const CLINICIANS: readonly StaffRole[] = ['doctor', 'nurse'];

/** The front desk's roles: they book, take payments, assign visits and see every appointment. */
export const isDesk = (role: StaffRole) => DESK.includes(role);

export const STAFF_SECTIONS: readonly StaffSection[] = [
  { to: '/staff', label: 'Overview', roles: DESK },
  { to: '/staff/appointments', label: 'Appointments', roles: EVERYONE },
  { to: '/staff/visits', label: 'My visits', roles: CLINICIANS },
  { to: '/staff/book', label: 'Book for a patient', roles: DESK },
  { to: '/staff/rebooking', label: 'Needs rebooking', roles: DESK },
  { to: '/staff/day-sheet', label: 'Day sheet', roles: DESK, hidden: true },
  { to: '/staff/inbox', label: 'Inbox', roles: DESK },
  { to: '/staff/orders', label: 'Orders', roles: DESK },
  { to: '/staff/refunds', label: 'Refunds', roles: DESK },
  { to: '/staff/callbacks', label: 'Call-backs', roles: DESK },
  { to: '/staff/patients', label: 'Patients', roles: DESK },
  { to: '/staff/schedule', label: 'Schedule', roles: ['admin', 'doctor'] },
  { to: '/staff/closures', label: 'Closures', roles: ['admin'] },
  { to: '/staff/capacity', label: 'Capacity', roles: ['admin'] },
  { to: '/staff/roles', label: 'Staff & roles', roles: ['admin'] },
  { to: '/staff/audit', label: 'Audit log', roles: ['admin'] },
];

/** Where a role lands (signed in at /staff, or on a page it may not open): a nurse's day is her visits. */
export const homeOf = (role: StaffRole): string => (role === 'nurse' ? '/staff/visits' : (sectionsFor(role)[0]?.to ?? '/staff'));

/** The menu of a role: the sections it may open, without the pages opened from others. */
export const sectionsFor = (role: StaffRole) => STAFF_SECTIONS.filter((s) => s.roles.includes(role) && !s.hidden);

/**
 * Pages reached from a section rather than the menu: a patient's medical record (the API
 * refuses a doctor someone else's patient, and a nurse every record: routes/staff-record.ts).
 */
export const RECORD_ROLES: readonly StaffRole[] = ['admin', 'staff', 'doctor'];
const LINKED_PAGES: readonly Omit<StaffSection, 'label'>[] = [{ to: '/staff/records', roles: RECORD_ROLES }];

/** Whether `role` may open the section at `path` (the section whose address is the longest prefix of it). */
export function mayOpen(role: StaffRole, path: string): boolean {
  const section = [...STAFF_SECTIONS, ...LINKED_PAGES]
    .sort((a, b) => b.to.length - a.to.length)
    .find((s) => path === s.to || path.startsWith(`${s.to}/`));
  return !section || section.roles.includes(role);
}

export const ROLE_LABELS: Record<StaffRole, string> = { admin: 'Admin', staff: 'Staff', doctor: 'Doctor', nurse: 'Nurse' };
