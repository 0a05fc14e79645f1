import type { AuditEntry, StaffRole } from '../api/staff';

/** The staff member acting: who, in which role, and for a doctor which doctor they are. */
export interface Staff {
  uid: string;
  role: StaffRole;
  email?: string;
  doctorId?: string;
}

/** What an answer showed, for its audit entry (docs/roles-and-audit.md: every staff read of patient data is recorded). */
export type Shown = Pick<AuditEntry, 'patientIds' | 'query' | 'count' | 'recordIds'>;

/** A list's filter as the audit entry records it ('status=Pending&cursor=abc'); undefined for none. */
export function listQuery(filter: Record<string, string | number | undefined>): string | undefined {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.size ? params.toString() : undefined;
}
