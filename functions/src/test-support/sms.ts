/**
 * For SMS tests: the provider configuration the Functions emulator reads (loaded by
 * ./env.ts from functions/.env.local and .secret.local) and helpers that read and steer
 * the sandbox's SMS API over HTTP (scripts/sandbox/sms.mjs). Each test uses a number of its own.
 */
import { SANDBOX } from './payments';
import { COLLECTIONS } from '../store/collections';
import { db } from '../store/firebase';

export interface SandboxSms {
  messageId: string;
  from: string;
  to: string;
  content: string;
  at: string;
}

/** A Ghanaian mobile number no other test uses: '+23355' and seven random digits. */
export const freshPhone = (): string => `+23355${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

/** What the sandbox was sent for one number. */
export async function smsSentTo(to: string): Promise<SandboxSms[]> {
  const res = await fetch(`${SANDBOX}/__control/sms?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`sandbox /__control/sms answered ${res.status}`);
  return ((await res.json()) as { messages: SandboxSms[] }).messages;
}

/** The next `count` sends to `to` answer `status` (500: retried; 400: refused). */
export async function failNextSms(to: string, count: number, status: number): Promise<void> {
  const res = await fetch(`${SANDBOX}/__control/sms/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ to, count, status }),
  });
  if (!res.ok) throw new Error(`sandbox /__control/sms/faults answered ${res.status}`);
}

/** Gives a test patient a phone number of its own (and reminder choices). */
export async function setPatientContact(
  uid: string,
  fields: { contactNumber?: string; phoneVerifiedAt?: string; reminderPreferences?: { sms: boolean; email: boolean } },
): Promise<void> {
  await db().collection(COLLECTIONS.patients).doc(uid).update(fields);
}

/** The outbox's documents for a patient. */
export async function smsDocsOf(patientId: string) {
  const snap = await db().collection(COLLECTIONS.sms).where('patientId', '==', patientId).get();
  return snap.docs.map((d) => ({ id: d.id, ...d.data() }) as { id: string; [field: string]: unknown });
}

/**
 * Waits until `check` passes (the send after a commit is not awaited by every caller). Up to
 * 30 s: a provider's callback comes through the Functions emulator, and on a busy machine its
 * effect once took over 10 s to show (a charge's failure in direct-debit.test.ts).
 */
export async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}
