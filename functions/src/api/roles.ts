/**
 * The clinic's roles (Firebase Auth custom claims, docs/roles-and-audit.md), apart from
 * api/staff.ts so the smaller contracts can name them without importing the console's shapes.
 * A nurse sees only the appointments assigned to her (docs/front-desk.md). No imports.
 */
export const STAFF_ROLES = ['admin', 'staff', 'doctor', 'nurse'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The roles a home visit (or a virtual visit without a doctor) can be assigned to. */
export const CLINICIAN_ROLES = ['doctor', 'nurse'] as const;
export type ClinicianRole = (typeof CLINICIAN_ROLES)[number];
