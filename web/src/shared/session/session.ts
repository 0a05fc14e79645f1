/**
 * The patient's session in the browser, shared by every feature that needs to know who is
 * signed in: Firebase Auth state (loaded lazily, so public pages never download it), the
 * patient record from GET /patient/{uid} (kept in memory only), the login/register/logout,
 * profile and account deletion flows. The browser keeps no patient record: the only local
 * storage entry is the login marker, which holds nothing about the patient.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { User } from 'firebase/auth';
import {
  deletePatient,
  getPatient,
  postPatient,
  putLastLogin,
  putPatient,
  resendVerification,
  verifyPatient,
  verifyPhone,
  type LoginForm,
  type Patient,
  type PatientUpdate,
  type RegisterForm,
} from '@/shared/patient/patient';
import { hasLoginMarker, LOGIN_MARKER } from '@/lib/login-marker';

/** The login marker: tells a public page to load Firebase Auth at once (someone signed in here). Nothing else is stored. */
export const STORAGE_KEYS = {
  loggedIn: LOGIN_MARKER,
} as const;

/**
 * The original site's keys about the patient (userData, expUserId, expMedEnter, subscriptions): nothing
 * reads them (the dashboard guard asks the server), so they are never written; removed on
 * logout from browsers that kept them before. Its catalog keys (packages, doctors, labs) are
 * never written either: the catalog comes from the API.
 */
const RETIRED_KEYS = ['userData', 'expUserId', 'expMedEnter', 'subscriptions'] as const;

export type Session =
  | { status: 'loading' }
  | { status: 'signed-out' }
  /** patient: undefined while it loads, null when there is no record (or it could not be loaded). */
  | { status: 'signed-in'; uid: string; email: string; patient: Patient | null | undefined };

export const isActivated = (session: Session): boolean =>
  session.status === 'signed-in' && session.patient?.accountStatus === 'Activated';

// ---- local storage ----

function markLoggedIn(): void {
  localStorage.setItem(STORAGE_KEYS.loggedIn, 'true');
}

function clearLocal(): void {
  for (const key of [...Object.values(STORAGE_KEYS), ...RETIRED_KEYS]) localStorage.removeItem(key);
}

/** Quick check for "must log in first" dialogs and for loading Auth early. The API still checks the token. */
export const isLoggedIn = hasLoginMarker;

// ---- the session store ----

let session: Session = { status: 'loading' };
const listeners = new Set<() => void>();
/** Bumped by every change of the patient, so a slower earlier fetch never overwrites a newer answer. */
let version = 0;
let started: Promise<void> | undefined;

function setSession(next: Session): void {
  session = next;
  for (const listener of listeners) listener();
}

/** While sign-up stores the new patient: the account exists before its record, so asking for the record then is a 404. */
let registering = false;

const firebase = () => import('@/lib/firebase');
const authSdk = () => import('firebase/auth');

function setPatient(patient: Patient | null): void {
  version++;
  if (session.status !== 'signed-in') return;
  if (patient) markLoggedIn();
  setSession({ ...session, patient });
}

async function loadPatient(user: User): Promise<void> {
  const asked = ++version;
  const patient = await getPatient(user.uid).catch(() => null);
  if (asked !== version || session.status !== 'signed-in' || session.uid !== user.uid) return;
  if (patient) markLoggedIn();
  setSession({ ...session, patient });
}

/** Follows Firebase Auth from the first use of the session on. */
function start(): Promise<void> {
  started ??= (async () => {
    const [{ auth }, { onAuthStateChanged }] = await Promise.all([firebase(), authSdk()]);
    onAuthStateChanged(auth, (user) => {
      if (!user) {
        clearLocal();
        setSession({ status: 'signed-out' });
        return;
      }
      if (session.status === 'signed-in' && session.uid === user.uid) return;
      setSession({ status: 'signed-in', uid: user.uid, email: user.email ?? '', patient: undefined });
      if (!registering) void loadPatient(user);
    });
  })();
  return started;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void start();
  return () => listeners.delete(listener);
}

/** Starts following Firebase Auth once the visitor first touches, focuses or types. */
function startOnFirstInteraction(): () => void {
  const load = () => void start();
  const events = ['focusin', 'pointerdown', 'keydown'] as const;
  for (const event of events) document.addEventListener(event, load, { once: true, passive: true });
  return () => {
    for (const event of events) document.removeEventListener(event, load);
  };
}

/**
 * As subscribe, but Firebase Auth (~45 KB gzip of script to run) loads only when someone signed
 * in on this device (the login marker): a visitor who never did runs none of it on a public
 * page until a flow needs it (login, sign-up, a submit that asks isSignedIn). The session
 * then reads 'loading' until such a flow starts it.
 */
function subscribeUnhurried(listener: () => void): () => void {
  listeners.add(listener);
  if (isLoggedIn()) void start();
  return () => listeners.delete(listener);
}

export const getSession = (): Session => session;

/**
 * The current session; starts following Firebase Auth on first use. `unhurried` for a public
 * page that only needs it to help (e.g. prefill a form): a visitor who never signed in here
 * does not load Firebase Auth for it at all.
 */
export function useSession({ unhurried = false } = {}): Session {
  return useSyncExternalStore(unhurried ? subscribeUnhurried : subscribe, getSession, getSession);
}

/**
 * For the sign-up and login page, the one form that always needs Firebase Auth: loads it
 * ahead of the submit, so a slow phone does not wait at the click, once the visitor first
 * touches or focuses something, not while the page is still starting.
 */
export function usePreloadAuth(): void {
  useEffect(startOnFirstInteraction, []);
}

/** Resolves once Firebase knows whether someone is signed in. */
async function settled(): Promise<Session> {
  await start();
  const { auth } = await firebase();
  await auth.authStateReady();
  if (session.status === 'loading') {
    await new Promise<void>((resolve) => {
      const done = () => {
        if (session.status !== 'loading') {
          listeners.delete(done);
          resolve();
        }
      };
      listeners.add(done);
    });
  }
  return session;
}

async function currentUid(): Promise<string> {
  const current = await settled();
  if (current.status !== 'signed-in') throw new Error('Nobody is signed in.');
  return current.uid;
}

// ---- flows ----

/**
 * Sign up: the Firebase account, then the patient record (which mails the code). If the
 * record cannot be stored, the new Firebase account is removed so that signing up again works.
 */
export async function register(form: RegisterForm): Promise<Patient> {
  await start();
  const [{ auth }, { createUserWithEmailAndPassword }] = await Promise.all([firebase(), authSdk()]);
  registering = true;
  try {
    const { user } = await createUserWithEmailAndPassword(auth, form.emailAddress.trim(), form.password);
    try {
      const patient = await postPatient(user.uid, form);
      setPatient(patient);
      return patient;
    } catch (err) {
      await user.delete().catch(() => undefined);
      clearLocal();
      throw err;
    }
  } finally {
    registering = false;
  }
}

/** Login: Firebase sign-in, the patient record (in memory), last login saved. */
export async function login(form: LoginForm): Promise<Patient> {
  await start();
  const [{ auth }, { signInWithEmailAndPassword, signOut }] = await Promise.all([firebase(), authSdk()]);
  const { user } = await signInWithEmailAndPassword(auth, form.email.trim(), form.password);
  let patient: Patient;
  try {
    patient = await getPatient(user.uid);
  } catch (err) {
    await signOut(auth);
    clearLocal();
    throw err;
  }
  setPatient(patient);
  // It may not hold up the login: the dashboard reads the record again.
  void putLastLogin(user.uid)
    .then((updated) => setPatient(updated))
    .catch(() => undefined);
  return patient;
}

/** Logout: signs out of Firebase and removes every local trace of the patient. */
export async function logout(): Promise<void> {
  const [{ auth }, { signOut }] = await Promise.all([firebase(), authSdk()]);
  await signOut(auth);
  clearLocal();
  setSession({ status: 'signed-out' });
}

/** The phone's own code from the SMS confirms the number; the session's record follows. */
export async function confirmPhone(code: string): Promise<Patient> {
  const patient = await verifyPhone(await currentUid(), code);
  setPatient(patient);
  return patient;
}

/** The profile form: the server stores what a patient may change and answers the whole record. */
export async function updateProfile(update: PatientUpdate): Promise<Patient> {
  const patient = await putPatient(await currentUid(), update);
  setPatient(patient);
  return patient;
}

/**
 * Deletes the account for ever. The server wants a sign-in from the last few minutes, so the
 * password is asked again (Firebase re-authentication) and the fresh token sent.
 * Afterwards nothing of the patient is left in this browser.
 */
export async function deleteAccount(password: string): Promise<void> {
  const [{ auth }, { EmailAuthProvider, reauthenticateWithCredential, signOut }] = await Promise.all([firebase(), authSdk()]);
  const user = auth.currentUser;
  if (!user?.email) throw new Error('Nobody is signed in.');
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
  await user.getIdToken(true);
  await deletePatient(user.uid);
  await signOut(auth).catch(() => undefined);
  clearLocal();
  setSession({ status: 'signed-out' });
}

/** Sends Firebase's password reset e-mail; its link brings the patient back to login. */
export async function sendPasswordReset(email: string): Promise<void> {
  const [{ auth }, { sendPasswordResetEmail }] = await Promise.all([firebase(), authSdk()]);
  await sendPasswordResetEmail(auth, email.trim(), { url: `${location.origin}/signup` });
}

/** Account check: the code (trimmed) activates the account. */
export async function verifyAccount(code: string): Promise<Patient> {
  const patient = await verifyPatient(await currentUid(), code.trim());
  setPatient(patient);
  return patient;
}

export async function resendCode(): Promise<void> {
  await resendVerification(await currentUid());
}

/** A returnUrl from the query string, only if it is a path on this site (no open redirects). */
export function safeReturnUrl(raw: string | null | undefined): string | undefined {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return undefined;
  return raw;
}

/** Where a patient goes after login or verification: back where they came from, else the dashboard. */
export const afterLoginPath = (returnUrl: string | null | undefined) => safeReturnUrl(returnUrl) ?? '/dashboard';
