import { useId, useState, type FormEvent } from 'react';
import { STAFF_ROLES, type StaffMember, type StaffRole } from '@api/staff';
import type { Doctor } from '@api/types';
import { DoctorOptions, doctorName, doctorWithSpecialty } from '@/features/staff/components/doctor-options';
import { itemsOf } from '@/features/staff/api/console-query';
import { useDoctorList } from '@/features/staff/api/doctors-api';
import { useGrantRole, useRevokeRole, useStaffMembers } from '@/features/people/api/roles-api';
import { PagedList, StaffPage } from '@/features/staff/components/list-parts';
import { ROLE_LABELS } from '@/features/staff/nav';
import { useStaff } from '@/features/staff/staff-session';
import { confirm, showApiError, showSuccess } from '@/lib/dialogs';
import { StaffTable } from '@/features/staff/components/staff-table';

/** Grant a role to an existing account (admin only); a doctor is linked to their doctors record. */
function GrantForm() {
  const [role, setRole] = useState<StaffRole>('staff');
  const grant = useGrantRole();
  const doctors = useDoctorList(role === 'doctor');
  const ids = { email: useId(), role: useId(), doctor: useId() };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const email = String(data.get('email') ?? '').trim();
    const doctorId = role === 'doctor' ? String(data.get('doctorId') ?? '') : undefined;
    try {
      await grant.mutateAsync({ email, role, ...(doctorId ? { doctorId } : {}) });
      form.reset();
      setRole('staff');
      await showSuccess('Saved!', `${email} is now ${ROLE_LABELS[role]}. The role reaches them when their console next loads.`);
    } catch (err) {
      await showApiError(err);
    }
  }

  return (
    <form className="staff-card staff-grant" aria-labelledby="grant-title" onSubmit={(e) => void onSubmit(e)}>
      <h2 id="grant-title">Grant a role</h2>
      <div className="field">
        <label htmlFor={ids.email}>Email Address</label>
        <input id={ids.email} name="email" type="email" required autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor={ids.role}>Role</label>
        <select id={ids.role} name="role" value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
      {role === 'doctor' && (
        <div className="field">
          <label htmlFor={ids.doctor}>Doctor record</label>
          <select id={ids.doctor} name="doctorId" required defaultValue="">
            <option value="" disabled>
              Choose the doctor
            </option>
            <DoctorOptions doctors={doctors.data} name={doctorWithSpecialty} />
          </select>
        </div>
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={grant.isPending}>
          Grant role
        </button>
      </div>
    </form>
  );
}

/** 'Doctor: Dr Kwame Adjei' once the doctors list is in; just 'Doctor' until then (never the record's id). */
function roleInWords(member: StaffMember, doctors: Doctor[] | undefined): string {
  const doctor = member.doctorId ? doctors?.find((d) => d.doctorId === member.doctorId) : undefined;
  return doctor ? `${ROLE_LABELS[member.role]}: ${doctorName(doctor)}` : ROLE_LABELS[member.role];
}

/** One account; no Revoke on the admin's own row (the API refuses it: the clinic could be left without an admin). */
function MemberRow({ member, self, doctors }: { member: StaffMember; self: boolean; doctors: Doctor[] | undefined }) {
  const revoke = useRevokeRole();
  async function onRevoke() {
    if (!(await confirm('Revoke role?', 'Yes, revoke', `${member.email} loses the ${ROLE_LABELS[member.role]} role.`))) return;
    try {
      await revoke.mutateAsync(member.uid);
    } catch (err) {
      await showApiError(err);
    }
  }
  return (
    <tr>
      <th scope="row">{member.email}</th>
      <td>{roleInWords(member, doctors)}</td>
      <td>
        {self ? (
          <span className="staff-muted">You (another admin can change your role)</span>
        ) : (
          <button type="button" className="btn btn-outline" disabled={revoke.isPending} onClick={() => void onRevoke()}>
            Revoke<span className="visually-hidden"> {member.email}</span>
          </button>
        )}
      </td>
    </tr>
  );
}

/** Staff & roles (admin only): who has which role; grant and revoke. */
export default function RolesPage() {
  const me = useStaff();
  const members = useStaffMembers();
  const items = itemsOf(members.data);
  const doctors = useDoctorList(items.some((m) => m.doctorId));
  return (
    <StaffPage title="Staff & roles">
      <GrantForm />
      <section className="staff-section" aria-labelledby="members-title">
        <h2 id="members-title">Staff accounts</h2>
        <PagedList query={members} empty="No staff accounts." isEmpty={items.length === 0}>
          <StaffTable label="Table of staff accounts" className="staff-table" columns={['Email', 'Role']} actions>
            {items.map((m) => (
              <MemberRow key={m.uid} member={m} self={m.uid === me.uid} doctors={doctors.data} />
            ))}
          </StaffTable>
        </PagedList>
      </section>
    </StaffPage>
  );
}
