// @ts-check
// What the figure scripts (load.mjs, faults.mjs) share: their checks and a way to make a patient.
import { randomUUID } from 'node:crypto';
import { deliveredMail } from './delivered-mail.mjs';
import { HOST, PORTS, SITE_URL } from './ports.mjs';

const AUTH_URL = `http://${HOST}:${PORTS.auth}/identitytoolkit.googleapis.com/v1`;

/** The checks that failed so far: the script exits 1 when there are any. @type {string[]} */
export const failures = [];

/** Prints one check and remembers it when it failed. @param {boolean} ok @param {string} what */
export function check(ok, what) {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

/** The code in the verification mail delivered to `email` (the sandbox's SMTP sink, as the person reads their mail), waiting up to 10 s. @param {string} email */
async function mailedCode(email) {
  for (let i = 0; i < 50; i++) {
    const code = (await deliveredMail(email)).map((m) => /verification code is: (\S+)/.exec(m.text)?.[1]).find(Boolean);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification mail reached ${email}`);
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

/**
 * The cheapest package with a price, as GET /api/packages lists it: what the load and fault
 * runs buy. The Free trial has nothing to pay (initiate answers 400) and a custom price is
 * agreed with the clinic, so neither is ever paid through the checkout.
 * @returns {Promise<{ id: string, price: number }>}
 */
export async function payablePackage() {
  const res = await fetch(`${SITE_URL}/api/packages`);
  if (!res.ok) throw new Error(`GET /api/packages answered ${res.status}`);
  const packages = /** @type {{ data: { id: string, packagePrice: unknown }[] }} */ (await res.json()).data;
  const [cheapest] = packages
    .flatMap((p) => (typeof p.packagePrice === 'number' && p.packagePrice > 0 ? [{ id: p.id, price: p.packagePrice }] : []))
    .sort((a, b) => a.price - b.price);
  if (!cheapest) throw new Error('No package has a price to pay: is the catalog seeded?');
  return cheapest;
}

/**
 * Runs task(0..count-1), at most `limit` at a time, and returns their answers in order: the
 * concurrency runs stay concurrent without asking the Functions emulator for a process each.
 * @template T @param {number} count @param {number} limit @param {(i: number) => Promise<T>} task
 * @returns {Promise<T[]>}
 */
export async function pooled(count, limit, task) {
  /** @type {T[]} */
  const answers = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      answers[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return answers;
}
