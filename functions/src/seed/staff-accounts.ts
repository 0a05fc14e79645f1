import type { StaffRole } from '../api/staff';

/**
 * The clinic's accounts the local stack seeds into the Auth emulator (never a real project):
 * `npm start` prints them, and the e2e tests sign in with them.
 */
export const LOCAL_STAFF_PASSWORD = 'Staff-2026-local';

export interface LocalStaffAccount {
  email: string;
  role: StaffRole;
  doctorId?: string;
  displayName: string;
}

export const LOCAL_STAFF_ACCOUNTS = {
  admin: { email: 'admin@expmed.local', role: 'admin', displayName: 'Clinic Admin' },
  staff: { email: 'staff@expmed.local', role: 'staff', displayName: 'Front Desk' },
  // Dr Kwame Mensah of the seeded catalog (seed/catalog.json).
  doctor: { email: 'doctor@expmed.local', role: 'doctor', doctorId: 'dr-mensah', displayName: 'Dr Kwame Mensah' },
  // Makes the home visits she is assigned (docs/front-desk.md).
  nurse: { email: 'nurse@expmed.local', role: 'nurse', displayName: 'Nurse Akosua Addo' },
} as const satisfies Record<StaffRole, LocalStaffAccount>;
