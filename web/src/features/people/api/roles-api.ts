/** Who holds a staff role, granting and revoking one (docs/roles-and-audit.md; shapes in @api/staff). */
import type { GrantRoleRequest, StaffMember } from '@api/staff';
import { api } from '@/lib/api-client';
import { staffKeys, useChange, usePaged } from '@/features/staff/api/console-query';

const opts = { auth: true } as const;

export const roleKeys = { all: [...staffKeys.all, 'roles'] as const };

/** GET /staff/roles answers cursor pages like every staff list. */
export const useStaffMembers = () => usePaged<StaffMember>(roleKeys.all, '/staff/roles');

/** Each grant and revoke is written to the audit log. */
export const useGrantRole = () =>
  useChange((grant: GrantRoleRequest) => api.post<StaffMember>('/staff/roles', grant, opts), [roleKeys.all, staffKeys.audit]);

export const useRevokeRole = () =>
  useChange(
    (uid: string) => api.delete<null>(`/staff/roles/${encodeURIComponent(uid)}`, undefined, opts),
    [roleKeys.all, staffKeys.audit],
  );
