import { randomUUID } from 'node:crypto';
import { auth } from '../store/firebase';

export interface TestUser {
  uid: string;
  email: string;
  idToken: string;
}

/** A real user in the Auth emulator, signed in through its REST API for a real ID token. */
export async function createTestUser(email = `patient-${randomUUID()}@example.com`, password = 'secret-123'): Promise<TestUser> {
  const user = await auth().createUser({ email, password });
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`Auth emulator sign-in failed: ${res.status} ${await res.text()}`);
  const { idToken } = (await res.json()) as { idToken: string };
  return { uid: user.uid, email, idToken };
}
