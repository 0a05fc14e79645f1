/**
 * The console's sections and who sees them. The API decides what each role may read (a doctor
 * gets only their own appointments); the navigation only hides what a role would be refused.
 */
import type { StaffRole } from '@api/staff';

export interface StaffSection {
  to: string;
  label: string;
  roles: readonly StaffRole[];
}

const EVERYONE: readonly StaffRole[] = ['admin', 'staff', 'doctor'];
const DESK: readonly StaffRole[] = ['admin', 'staff'];

export const STAFF_SECTIONS: readonly StaffSection[] = [
  { to: '/staff', label: 'Overview', roles: DESK },
  { to: '/staff/appointments', label: 'Appointments', roles: EVERYONE },
  { to: '/staff/inbox', label: 'Inbox', roles: DESK },
  { to: '/staff/orders', label: 'Orders', roles: DESK },
  { to: '/staff/refunds', label: 'Refunds', roles: DESK },
  { to: '/staff/patients', label: 'Patients', roles: DESK },
  { to: '/staff/schedule', label: 'Schedule', roles: ['admin', 'doctor'] },
  { to: '/staff/capacity', label: 'Capacity', roles: ['admin'] },
  { to: '/staff/roles', label: 'Staff & roles', roles: ['admin'] },
  { to: '/staff/audit', label: 'Audit log', roles: ['admin'] },
];

export const sectionsFor = (role: StaffRole) => STAFF_SECTIONS.filter((s) => s.roles.includes(role));

/** Whether `role` may open the section at `path` (the section whose address is the longest prefix of it). */
export function mayOpen(role: StaffRole, path: string): boolean {
  const section = [...STAFF_SECTIONS]
    .sort((a, b) => b.to.length - a.to.length)
    .find((s) => path === s.to || path.startsWith(`${s.to}/`));
  return !section || section.roles.includes(role);
}

export const ROLE_LABELS: Record<StaffRole, string> = { admin: 'Admin', staff: 'Staff', doctor: 'Doctor', nurse: 'Nurse' };
