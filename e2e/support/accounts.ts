/**
 * Patients for browser tests: made through the real API (Auth emulator user, POST /patient,
 * the code read from the mail as delivered (the sandbox's SMTP sink), POST /auth/verifypatient), or through the UI.
 * Every patient is new (unique e-mail), so tests can run in parallel on the shared stack.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { adminAuth } from './admin';
import { emulatorAddress } from './emulators';
import { SITE_URL } from './browser';
import { mailsTo } from './mail';

const AUTH_HOST = emulatorAddress('auth');

export interface TestPatient {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** As typed in the form (0XXXXXXXXX); the API stores +233XXXXXXXXX. */
  phone: string;
  location: string;
  gender: 'MALE' | 'FEMALE';
  uid?: string;
}

/** Details for a new patient with a unique e-mail address. */
export function newPatientDetails(overrides: Partial<TestPatient> = {}): TestPatient {
  const id = randomUUID().slice(0, 8);
  return {
    firstName: 'Abena',
    lastName: 'Owusu',
    email: `abena.${id}@example.com`,
    password: 'Akwaaba-2026',
    phone: '0244123456',
    location: 'Accra, Osu',
    gender: 'FEMALE',
    ...overrides,
  };
}

/** The code in the latest verification mail delivered to `email` (waits up to 10 s for it). */
export async function readVerificationCode(email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const latest = (await mailsTo(email)).filter((m) => /verification code is:/.test(m.text)).at(-1);
    const code = /verification code is: (\S+)/.exec(latest?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No verification mail reached ${email}`);
}

/** A real ID token for the patient, from the Auth emulator's sign-in. */
export async function idTokenFor(email: string, password: string): Promise<string> {
  const res = await fetch(`http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`Auth emulator sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { idToken: string }).idToken;
}

async function callApi(path: string, idToken: string, body: unknown): Promise<void> {
  const res = await fetch(`${SITE_URL}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
}

/**
 * A registered patient straight through the API, Activated unless `activated` is false.
 * Log them in with loginThroughUi(page, patient).
 */
export async function createPatient(
  overrides: Partial<TestPatient> = {},
  { activated = true }: { activated?: boolean } = {},
): Promise<TestPatient & { uid: string }> {
  const patient = newPatientDetails(overrides);
  const { uid } = await adminAuth().createUser({ email: patient.email, password: patient.password });
  const idToken = await idTokenFor(patient.email, patient.password);
  await callApi('/patient', idToken, {
    patientId: uid,
    firstName: patient.firstName,
    lastName: patient.lastName,
    emailAddress: patient.email,
    contactNumber: patient.phone,
    patientLocation: patient.location,
    gender: patient.gender,
    consentForTreatment: true,
  });
  if (activated) {
    await callApi('/auth/verifypatient', idToken, { patientId: uid, uniqueCode: await readVerificationCode(patient.email) });
  }
  return { ...patient, uid };
}

/** Shorthand: an Activated patient. */
export const createActivatedPatient = (overrides: Partial<TestPatient> = {}) => createPatient(overrides);

/**
 * Logs in on /signup (login mode); resolves once the site has left the signup page, or with a
 * `returnUrl` (as a page's Log in link gives) once the site has opened it: a test that goes on
 * to one page lets the login lead there instead of loading the dashboard and then the page.
 */
export async function loginThroughUi(page: Page, patient: Pick<TestPatient, 'email' | 'password'>, returnUrl?: string) {
  const query = returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : '?mode=login';
  await page.goto(`/signup${query}`);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email Address').fill(patient.email);
  await form.getByLabel(/^Password/).fill(patient.password);
  await form.getByRole('button', { name: 'Login' }).click();
  const target = returnUrl && new URL(returnUrl, SITE_URL).pathname;
  await page.waitForURL((url) => (target ? url.pathname === target : url.pathname !== '/signup'));
}

/** Opens the booking page as a signed-in patient; resolves with the form once it names them (their profile, as one line). */
export async function openBookingForm(page: Page, patient: Pick<TestPatient, 'firstName' | 'lastName'>): Promise<Locator> {
  await page.goto('/appointment-page');
  const form = page.getByRole('form', { name: 'Book an appointment' });
  await form.getByText(`${patient.firstName} ${patient.lastName}`, { exact: true }).waitFor({ timeout: 10_000 });
  return form;
}

/** Fills and sends the register form; resolves on the account check page. */
export async function signUpThroughUi(page: Page, patient: TestPatient) {
  await submitSignUp(page, patient);
  await page.waitForURL(`${SITE_URL}/auth`);
}

/** Fills the Sign Up form and presses Sign Up, without waiting for where it leads (a refusal stays on the form). */
export async function submitSignUp(page: Page, patient: TestPatient) {
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Sign Up' });
  await form.getByLabel('First Name').fill(patient.firstName);
  await form.getByLabel('Last Name').fill(patient.lastName);
  await form.getByLabel('Email Address').fill(patient.email);
  await form.getByLabel('City/location').fill(patient.location);
  await form.getByLabel('Phone Number').fill(patient.phone);
  await form.getByLabel('Gender').selectOption(patient.gender);
  await form.getByLabel(/^Password/).fill(patient.password);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Sign Up' }).click();
}

/** Signs a new patient up through the UI and verifies with the mailed code; ends on /dashboard. */
export async function signUpAndVerify(page: Page, overrides: Partial<TestPatient> = {}): Promise<TestPatient> {
  const patient = newPatientDetails(overrides);
  await signUpThroughUi(page, patient);
  const code = await readVerificationCode(patient.email);
  await page.getByLabel('Verification code').fill(` ${code} `);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(`${SITE_URL}/dashboard`);
  return patient;
}
