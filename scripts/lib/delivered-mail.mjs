// @ts-check
// Mail as delivered, for the scripts that drive the stack (npm run load and faults, bench:visit): what the
// payment sandbox's SMTP sink received for an address (scripts/sandbox/mail.mjs, GET /mail).
import { HOST, PORTS } from './ports.mjs';

/**
 * The mails delivered to `to`, oldest first.
 * @param {string} to
 * @returns {Promise<{ subject: string, text: string, mailId: string, at: string }[]>}
 */
export async function deliveredMail(to) {
  const res = await fetch(`http://${HOST}:${PORTS.paymentSandbox}/mail?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`sandbox /mail answered ${res.status}`);
  return (await res.json()).messages;
}
