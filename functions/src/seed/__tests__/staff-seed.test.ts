import { COLLECTIONS } from '../../store/collections';
import { auth, db } from '../../store/firebase';
import { signIn } from '../../test-support/auth';
import { DOCTORS } from '../catalog';
import { seedStaffAccounts } from '../staff';
import { LOCAL_STAFF_ACCOUNTS, LOCAL_STAFF_PASSWORD } from '../staff-accounts';

describe('seedStaffAccounts against the Auth emulator', () => {
  it('when run twice, then each local account exists once with its role and a verified e-mail, signs in with the local password, and is on the roster', async () => {
    await seedStaffAccounts(auth(), db());
    // An account left unverified by an older seed is verified by the next run.
    const admin = await auth().getUserByEmail(LOCAL_STAFF_ACCOUNTS.admin.email);
    await auth().updateUser(admin.uid, { emailVerified: false });
    // And one whose password someone changed gets the local one back.
    const doctor = await auth().getUserByEmail(LOCAL_STAFF_ACCOUNTS.doctor.email);
    await auth().updateUser(doctor.uid, { password: 'changed-locally' });
    await seedStaffAccounts(auth(), db());
    const validSince = (await auth().getUserByEmail(LOCAL_STAFF_ACCOUNTS.staff.email)).tokensValidAfterTime;
    await new Promise((r) => setTimeout(r, 1100));
    await seedStaffAccounts(auth(), db());
    // A run that finds the accounts as they should be ends nobody's session (the e2e tests sign in with them meanwhile).
    expect((await auth().getUserByEmail(LOCAL_STAFF_ACCOUNTS.staff.email)).tokensValidAfterTime).toBe(validSince);
    for (const account of Object.values(LOCAL_STAFF_ACCOUNTS)) {
      const user = await auth().getUserByEmail(account.email);
      const doctorId = 'doctorId' in account ? account.doctorId : undefined;
      expect(user.customClaims).toEqual(doctorId ? { role: account.role, doctorId } : { role: account.role });
      expect(user.emailVerified).toBe(true);
      expect(await signIn(account.email, LOCAL_STAFF_PASSWORD)).toEqual(expect.any(String));
      expect((await db().collection(COLLECTIONS.staffMembers).doc(user.uid).get()).get('role')).toBe(account.role);
    }
  });

  it('links the seeded doctor to a doctor of the catalog', async () => {
    expect(DOCTORS.map((d) => d.doctorId)).toContain(LOCAL_STAFF_ACCOUNTS.doctor.doctorId);
  });
});
