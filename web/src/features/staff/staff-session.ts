/**
 * Who is using the console: Firebase Auth's user and the role in their ID token's claims
 * (design.md: `{ role, doctorId? }`; patients have none). The claims are read with a forced
 * refresh, so a role granted or revoked since the last token reaches the console on its next
 * load or when the tab comes back into view. The API checks the same claims on every call;
 * this only decides what the console shows.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useOutletContext } from 'react-router-dom';
import { onAuthStateChanged, signInWithEmailAndPassword, signOut, type User } from 'firebase/auth';
import type { StaffRole } from '@api/staff';
import { staffClaimsOf } from '@/features/staff/claims';
import { auth } from '@/lib/firebase';
import { queryClient } from '@/lib/query-client';

export type StaffSession =
  | { status: 'loading' }
  | { status: 'signed-out' }
  /** Signed in without a role: a patient, or someone whose role was revoked. */
  | { status: 'no-role'; email: string }
  | { status: 'staff'; uid: string; email: string; role: StaffRole; doctorId?: string };

let session: StaffSession = { status: 'loading' };
const listeners = new Set<() => void>();
let started = false;
/** Bumped on every read, so a slow earlier read never overwrites a newer one. */
let version = 0;

function setSession(next: StaffSession) {
  session = next;
  for (const listener of listeners) listener();
}

async function readClaims(user: User | null): Promise<void> {
  const asked = ++version;
  if (!user) return setSession({ status: 'signed-out' });
  try {
    const { claims } = await user.getIdTokenResult(true);
    if (asked !== version) return;
    const staff = staffClaimsOf(claims);
    setSession(
      staff
        ? { status: 'staff', uid: user.uid, email: user.email ?? '', ...staff }
        : { status: 'no-role', email: user.email ?? '' },
    );
  } catch {
    // Offline or the account is gone: without fresh claims the console shows nothing private.
    if (asked === version) setSession({ status: 'signed-out' });
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!started) {
    started = true;
    onAuthStateChanged(auth, (user) => void readClaims(user));
  }
  return () => listeners.delete(listener);
}

const getSession = () => session;

/** The console's session; the claims are read again whenever the tab becomes visible. */
export function useStaffSession(): StaffSession {
  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && void readClaims(auth.currentUser);
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/** Reads the claims again now (after a role change, or when the API said 403). */
export const refreshStaffClaims = () => readClaims(auth.currentUser);

export async function staffSignIn(email: string, password: string): Promise<void> {
  const { user } = await signInWithEmailAndPassword(auth, email.trim(), password);
  await readClaims(user);
}

/** Signs out and forgets everything the console loaded. */
export async function staffSignOut(): Promise<void> {
  await signOut(auth);
  queryClient.removeQueries({ queryKey: ['staff'] });
  setSession({ status: 'signed-out' });
}

export type SignedInStaff = Extract<StaffSession, { status: 'staff' }>;

/** The signed-in staff member, inside the console's pages (StaffLayout hands it down). */
export const useStaff = () => useOutletContext<SignedInStaff>();
