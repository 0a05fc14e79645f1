import type { Auth } from 'firebase-admin/auth';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../store/collections';
import { LOCAL_STAFF_ACCOUNTS, LOCAL_STAFF_PASSWORD } from './staff-accounts';

/** Whether the local password signs the account in (the Auth emulator's REST sign-in). */
async function signsIn(email: string): Promise<boolean> {
  const res = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=local`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: LOCAL_STAFF_PASSWORD, returnSecureToken: false }),
    },
  );
  return res.ok;
}

/**
 * Creates (or resets) the local staff accounts with their roles: running it again leaves the
 * same accounts. Refuses to run anywhere but the Auth emulator: the password is public.
 */
export async function seedStaffAccounts(auth: Auth, db: Firestore): Promise<number> {
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) throw new Error('Staff accounts are seeded only into the Auth emulator.');
  for (const account of Object.values(LOCAL_STAFF_ACCOUNTS)) {
    const { email, role, displayName } = account;
    const doctorId = 'doctorId' in account ? account.doctorId : undefined;
    const existing = await auth.getUserByEmail(email).catch(() => undefined);
    // Setting a password ends the account's sessions (Auth revokes its tokens): only when the local one no longer works.
    const password = existing && (await signsIn(email)) ? {} : { password: LOCAL_STAFF_PASSWORD };
    const user = existing
      ? await auth.updateUser(existing.uid, { ...password, displayName, emailVerified: true })
      : await auth.createUser({ email, password: LOCAL_STAFF_PASSWORD, displayName, emailVerified: true });
    const claims = doctorId ? { role, doctorId } : { role };
    await auth.setCustomUserClaims(user.uid, claims);
    await db
      .collection(COLLECTIONS.staffMembers)
      .doc(user.uid)
      .set({ uid: user.uid, email, ...claims, grantedBy: 'seed', grantedAt: Timestamp.now() });
  }
  return Object.keys(LOCAL_STAFF_ACCOUNTS).length;
}
