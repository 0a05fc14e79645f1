import type { StaffRole } from '../api/staff';

/** The staff member acting: who, in which role, and for a doctor which doctor they are. */
export interface Staff {
  uid: string;
  role: StaffRole;
  email?: string;
  doctorId?: string;
}
