// @ts-check
// What the figure scripts (load.mjs, faults.mjs) share: their checks and a way to make a patient.
import { randomUUID } from 'node:crypto';
import { HOST, PORTS, PROJECT_ID, SITE_URL } from './ports.mjs';

const AUTH_URL = `http://${HOST}:${PORTS.auth}/identitytoolkit.googleapis.com/v1`;

/** The checks that failed so far: the script exits 1 when there are any. @type {string[]} */
export const failures = [];

/** Prints one check and remembers it when it failed. @param {boolean} ok @param {string} what */
export function check(ok, what) {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

/** The code in the verification mail to `email`, read from the Firestore emulator (as the person reads their mail). @param {string} email */
async function mailedCode(email) {
  const url = `http://${HOST}:${PORTS.firestore}/v1/projects/${PROJECT_ID}/databases/(default)/documents:runQuery`;
  const query = {
    structuredQuery: {
      from: [{ collectionId: 'mail' }],
      where: { fieldFilter: { field: { fieldPath: 'to' }, op: 'EQUAL', value: { stringValue: email } } },
    },
  };
  // 'Bearer owner' is the emulator's admin access (firestore.rules forbid every browser read).
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify(query),
  });
  const rows =
    /** @type {{ document?: { fields: { message: { mapValue: { fields: { text: { stringValue: string } } } } } } }[]} */ (
      await res.json()
    );
  const text = rows.map((r) => r.document?.fields.message.mapValue.fields.text.stringValue ?? '').join('\n');
  const code = /verification code is: (\S+)/.exec(text)?.[1];
  if (!code) throw new Error(`no verification mail reached ${email}`);
  return code;
}

/**
 * A new Auth emulator user with an Activated patient record (only those may book, order,
 * subscribe and pay), made the way signing up and verifying on the site makes one. @param {string} prefix the start of the e-mail, to tell whose records they are
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
  const verified = await fetch(`${SITE_URL}/api/auth/verifypatient`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ uniqueCode: await mailedCode(email) }),
  });
  if (!verified.ok) throw new Error(`POST /auth/verifypatient answered ${verified.status}: ${await verified.text()}`);
  return { uid, email, idToken };
}
