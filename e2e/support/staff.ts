/**
 * The clinic's side in browser tests: the staff logins the local stack seeds (`npm start` and
 * the test stack print them), signing in on the console, and bookings made through the API
 * as a patient's own requests.
 */
import type { Page } from 'playwright-core';
import { adminAuth, adminDb, waitUntil } from './admin';
import { idTokenFor, type TestPatient } from './accounts';
import { SITE_URL } from './browser';

import { LOCAL_STAFF_ACCOUNTS, LOCAL_STAFF_PASSWORD } from '../../functions/src/seed/staff-accounts';

/** The seed's own logins (one place: functions/src/seed/staff-accounts.ts). */
export const STAFF_PASSWORD = LOCAL_STAFF_PASSWORD;
export const STAFF_LOGINS = {
  admin: LOCAL_STAFF_ACCOUNTS.admin.email,
  staff: LOCAL_STAFF_ACCOUNTS.staff.email,
  doctor: LOCAL_STAFF_ACCOUNTS.doctor.email,
  nurse: LOCAL_STAFF_ACCOUNTS.nurse.email,
} as const;

/** Signs in on /staff with a seeded login; resolves once the console shows (its Sign out button: on a phone the navigation is a closed drawer). */
export async function staffSignIn(page: Page, role: keyof typeof STAFF_LOGINS, path = '/staff'): Promise<void> {
  await page.goto(path);
  const form = page.getByRole('form', { name: 'Staff sign in' });
  await form.getByLabel('Email Address').fill(STAFF_LOGINS[role]);
  await form.getByLabel('Password').fill(STAFF_PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/** The seeded doctor account's doctors document (its doctorId claim). */
export async function seededDoctorId(): Promise<string> {
  const user = await adminAuth().getUserByEmail(STAFF_LOGINS.doctor);
  const doctorId = user.customClaims?.doctorId;
  if (typeof doctorId !== 'string') throw new Error(`${STAFF_LOGINS.doctor} has no doctorId claim: is the stack seeded?`);
  return doctorId;
}

/** A day some weeks ahead, for services booked by the day (a doctor's slot: support/booking.ts freeSlotOf). */
export const freshDay = () =>
  new Date(Date.now() + (3 + Math.floor(Math.random() * 200)) * 86_400_000).toISOString().slice(0, 10);

async function postAsPatient<T>(patient: TestPatient, path: string, body: unknown): Promise<T> {
  const token = await idTokenFor(patient.email, patient.password);
  const res = await fetch(`${SITE_URL}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { statusCode: number; msg: string; data: T };
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${envelope.msg}`);
  return envelope.data;
}

interface Booked {
  appointmentId: string;
  clientReference: string;
}

/** The patient books for themselves through POST /api/appointments, as the booking form does. */
export function bookAsPatient(patient: TestPatient, booking: Record<string, unknown>): Promise<Booked> {
  return postAsPatient<Booked>(patient, '/appointments', {
    bookFor: 'SELF',
    firstName: patient.firstName,
    lastName: patient.lastName,
    gender: patient.gender,
    emailAddress: patient.email,
    contactNumber: patient.phone,
    location: patient.location,
    healthProblem: 'Headache for three days',
    // Home visits and deliveries need it; the server drops it for the other services.
    address: { line: 'House 12, Oxford Street, Osu', landmark: 'Opposite the Shell station', digitalAddress: 'GA-183-8164' },
    ...booking,
  });
}

const SANDBOX = 'http://127.0.0.1:5005';

/** Pays a booking through the provider's sandbox (checkout started by the API, paid without the page), then waits for Paid. */
export async function payAsPatient(patient: TestPatient, booked: Booked): Promise<void> {
  await postAsPatient(patient, '/payment/initiate', { clientReference: booked.clientReference });
  const paid = await fetch(`${SANDBOX}/__control/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ clientReference: booked.clientReference }),
  });
  if (!paid.ok) throw new Error(`The sandbox refused to pay ${booked.clientReference}: ${paid.status}`);
  const doc = adminDb().collection('appointments').doc(booked.appointmentId);
  await waitUntil(
    async () => (await doc.get()).get('paymentStatus'),
    (status) => status === 'Paid',
  );
}
