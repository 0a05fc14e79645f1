import { COLLECTIONS } from '../../store/collections';
import { auth, db } from '../../store/firebase';
import { signIn } from '../../test-support/auth';
import { DOCTORS } from '../catalog';
import { seedStaffAccounts } from '../staff';
import { LOCAL_STAFF_ACCOUNTS, LOCAL_STAFF_PASSWORD } from '../staff-accounts';

describe('seedStaffAccounts against the Auth emulator', () => {
  it('when run twice, then each local account exists once with its role, signs in with the local password, and is on the roster', async () => {
    await seedStaffAccounts(auth(), db());
    await seedStaffAccounts(auth(), db());
    for (const account of Object.values(LOCAL_STAFF_ACCOUNTS)) {
      const user = await auth().getUserByEmail(account.email);
      const doctorId = 'doctorId' in account ? account.doctorId : undefined;
      expect(user.customClaims).toEqual(doctorId ? { role: account.role, doctorId } : { role: account.role });
      expect(await signIn(account.email, LOCAL_STAFF_PASSWORD)).toEqual(expect.any(String));
      expect((await db().collection(COLLECTIONS.staffMembers).doc(user.uid).get()).get('role')).toBe(account.role);
    }
  });

  it('links the seeded doctor to a doctor of the catalog', async () => {
    expect(DOCTORS.map((d) => d.doctorId)).toContain(LOCAL_STAFF_ACCOUNTS.doctor.doctorId);
  });
});
