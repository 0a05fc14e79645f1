// @ts-check
// What the figure scripts (load.mjs, faults.mjs) share: their checks and a way to make a patient.
import { randomUUID } from 'node:crypto';
import { HOST, PORTS, SITE_URL } from './ports.mjs';

const AUTH_URL = `http://${HOST}:${PORTS.auth}/identitytoolkit.googleapis.com/v1`;

/** The checks that failed so far: the script exits 1 when there are any. @type {string[]} */
export const failures = [];

/** Prints one check and remembers it when it failed. @param {boolean} ok @param {string} what */
export function check(ok, what) {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

/**
 * A new Auth emulator user with a patient record, made the way signing up on the site makes
 * one. @param {string} prefix the start of the e-mail, to tell whose records they are
 * @returns {Promise<{ uid: string, email: string, idToken: string }>}
 */
export async function newPatient(prefix) {
  const email = `${prefix}.${randomUUID().slice(0, 12)}@example.com`;
  const res = await fetch(`${AUTH_URL}/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'Akwaaba-2026', returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`Auth emulator sign-up answered ${res.status}`);
  const { idToken, localId: uid } = /** @type {{ idToken: string, localId: string }} */ (await res.json());
  const made = await fetch(`${SITE_URL}/api/patient`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify({
      patientId: uid,
      firstName: 'Kofi',
      lastName: 'Asante',
      emailAddress: email,
      contactNumber: '0244123456',
      patientLocation: 'Kumasi, Adum',
      gender: 'MALE',
      consentForTreatment: true,
    }),
  });
  if (!made.ok) throw new Error(`POST /patient answered ${made.status}: ${await made.text()}`);
  return { uid, email, idToken };
}
