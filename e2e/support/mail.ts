/**
 * Mail as delivered, for browser tests: what the sandbox's SMTP sink received
 * (scripts/sandbox/mail.mjs, GET /mail), never the `mail` documents. The Functions emulator
 * sends each mail right after its write, so reads that wait for one poll (waitUntil).
 */
import type { SinkMail } from '../../functions/src/test-support/mail';
import { adminDb } from './admin';

const SANDBOX = 'http://127.0.0.1:5005';

async function sink(query: Record<string, string>): Promise<SinkMail[]> {
  const res = await fetch(`${SANDBOX}/mail?${new URLSearchParams(query)}`);
  if (!res.ok) throw new Error(`sandbox /mail answered ${res.status}`);
  return ((await res.json()) as { messages: SinkMail[] }).messages;
}

/** A delivered mail with the event its document names for staff (never sent). */
export type DeliveredMail = SinkMail & { event?: string };

const eventOf = async (mailId: string) =>
  (await adminDb().collection('mail').doc(mailId).get()).get('event') as string | undefined;

/** The mails delivered to an address, oldest first. */
export async function mailsTo(to: string): Promise<DeliveredMail[]> {
  const mails = await sink({ to: to.toLowerCase() });
  return Promise.all(mails.map(async (m) => ({ ...m, event: await eventOf(m.mailId) })));
}

/** The mails delivered about a patient (found by their documents' ids, X-Mail-ID), oldest first. */
export async function mailsAboutPatient(patientId: string): Promise<DeliveredMail[]> {
  const docs = (await adminDb().collection('mail').where('patientId', '==', patientId).get()).docs;
  const delivered = await Promise.all(
    docs.map(async (d) => (await sink({ mailId: d.id })).map((m) => ({ ...m, event: d.get('event') as string | undefined }))),
  );
  return delivered.flat().sort((a, b) => a.at.localeCompare(b.at));
}
