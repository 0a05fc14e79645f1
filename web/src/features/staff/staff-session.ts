/**
 * Who is using the console: Firebase Auth's user and the role in their ID token's claims
 * (design.md: `{ role, doctorId? }`; patients have none). The claims are read with a forced
 * refresh, so a role granted or revoked since the last token reaches the console on its next
 * load or when the tab comes back into view. The API checks the same claims (and the roster)
 * on every call; this only decides what the console shows. When the API answers 401 (the role
 * was removed or changed, the sign-in revoked), the console signs out at once and says why.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useOutletContext } from 'react-router-dom';
import { onAuthStateChanged, signInWithEmailAndPassword, signOut, type User } from 'firebase/auth';
import type { StaffRole } from '@api/staff';
import { staffClaimsOf } from '@/features/staff/claims';
import { ApiError } from '@/lib/api-client';
import { auth } from '@/lib/firebase';
import { queryClient } from '@/lib/query-client';

export type StaffSession =
  | { status: 'loading' }
  /** `reason`: why the console signed the person out (the API's words), shown on the sign-in form. */
  | { status: 'signed-out'; reason?: string }
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

/** A call the API refused because this sign-in no longer holds (401): sign out, saying why. */
function signOutWhenRefused() {
  const end = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401 && session.status === 'staff') void staffSignOut(error.message);
  };
  queryClient.getQueryCache().subscribe((e) => e.type === 'updated' && e.action.type === 'error' && end(e.action.error));
  queryClient.getMutationCache().subscribe((e) => e.type === 'updated' && e.action.type === 'error' && end(e.action.error));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!started) {
    started = true;
    onAuthStateChanged(auth, (user) => void readClaims(user));
    signOutWhenRefused();
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

/** Signs out and forgets everything the console loaded; `reason` is shown on the sign-in form. */
export async function staffSignOut(reason?: string): Promise<void> {
  version++; // a claims read still under way must not sign them back in
  await signOut(auth);
  queryClient.removeQueries({ queryKey: ['staff'] });
  setSession(reason ? { status: 'signed-out', reason } : { status: 'signed-out' });
}

export type SignedInStaff = Extract<StaffSession, { status: 'staff' }>;

/** The signed-in staff member, inside the console's pages (StaffLayout hands it down). */
export const useStaff = () => useOutletContext<SignedInStaff>();
