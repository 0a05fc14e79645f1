import { STAFF_ROLES, type StaffClaims, type StaffRole } from '@api/staff';

/** The role claims of a token, or undefined when it carries none we know. */
export function staffClaimsOf(claims: Record<string, unknown>): StaffClaims | undefined {
  const role = claims.role;
  if (typeof role !== 'string' || !(STAFF_ROLES as readonly string[]).includes(role)) return undefined;
  const doctorId = typeof claims.doctorId === 'string' ? claims.doctorId : undefined;
  return { role: role as StaffRole, ...(doctorId ? { doctorId } : {}) };
}
