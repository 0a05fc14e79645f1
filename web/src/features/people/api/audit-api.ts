/** The audit log (docs/roles-and-audit.md; shapes in @api/staff). */
import type { AuditEntry } from '@api/staff';
import { staffKeys, usePaged } from '@/features/staff/api/console-query';

/** Newest first; with a patient id, only the entries naming that patient. */
export const useAudit = (patientId?: string) =>
  usePaged<AuditEntry>([...staffKeys.audit, patientId ?? ''], '/staff/audit', { patientId: patientId || undefined });
