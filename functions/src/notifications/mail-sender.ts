import { randomUUID } from 'node:crypto';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { createTransport } from 'nodemailer';
import { mailConfig } from '../config';
import { hasCode } from '../store/error-codes';
import { dueMailQuery, mailRef, type MailDelivery, type StoredMail } from '../store/mail';
import { runTransaction } from '../store/transaction';
import { sendSoon } from './send-soon';

/**
 * Sends the documents of the `mail` collection through the clinic's mail provider over SMTP
 * (docs/notifications.md 'Mail sending': Firebase's Trigger Email extension did this before),
 * recording `delivery { state, attempts, messageId?, error? }` on each.
 *
 * The same way as the SMS (sms-sender.ts): a send first claims its document in a transaction (one
 * more attempt, delivery RETRY, a lease until nextAttemptAt), so a second send of it does nothing
 * meanwhile; it then records SENT with the server's Message-ID, RETRY with a later nextAttemptAt
 * when the server refused for now (an SMTP 4xx, no answer, a refused login), or ERROR when it
 * refused for good (a 5xx such as an unknown mailbox) or after MAIL_MAX_ATTEMPTS. Fired right
 * after the write commits (notifications/mail.ts queueMail) and by the sweep (sweepMail, every
 * minute). Only a sender that dies mid-call can send one twice, after its lease.
 */

/** Tries per mail; refusals for now wait BACKOFF_BASE_MS x 2^n between (30 s, 1, 2, 4 min: about 8 minutes in all). */
export const MAIL_MAX_ATTEMPTS = 5;
const BACKOFF_BASE_MS = 30_000;
/** How long a claim holds a mail: longer than the SMTP timeouts below. */
const LEASE_MS = 90_000;
const SMTP_TIMEOUT_MS = 20_000;

/**
 * A mail just written is its writer's to send (queueMail sends it right after the commit): the
 * sweep takes one only once it has been due this long, so the two do not race for fresh mail.
 */
const SWEEP_GRACE_MS = 10_000;

/** Names the mail document in the mail itself: a bounce or the provider's log leads back to it (the local sink's reads match by it). */
export const MAIL_ID_HEADER = 'X-Mail-ID';

export type MailOutcome = 'sent' | 'error' | 'retry' | 'skipped';

type ServerAnswer = { ok: true; messageId: string } | { ok: false; transient: boolean; reason: string; code?: number };

/** This machine: the local SMTP sink, the one server a login may reach without TLS. */
const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\./.test(host);

/** One SMTP session for one mail; every way it can go wrong becomes a reason, for now or for good. */
async function callServer(id: string, mail: StoredMail): Promise<ServerAnswer> {
  const config = mailConfig();
  if (!config.host || !config.port || !config.from)
    return { ok: false, transient: true, reason: 'The mail server is not configured (SMTP_HOST, SMTP_PORT, MAIL_FROM).' };
  const transport = createTransport({
    host: config.host,
    port: config.port,
    // 465 speaks TLS from the start; any other port must upgrade with STARTTLS before the login.
    secure: config.port === 465,
    requireTLS: config.port !== 465 && !isLoopback(config.host),
    ...(config.user ? { auth: { user: config.user, pass: config.password } } : {}),
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  try {
    const info = await transport.sendMail({
      from: config.from,
      ...(config.replyTo ? { replyTo: config.replyTo } : {}),
      to: mail.to,
      subject: mail.message.subject,
      text: mail.message.text,
      html: mail.message.html,
      attachments: mail.message.attachments?.map(({ filename, content, contentType }) => ({ filename, content, contentType })),
      headers: { ...mail.headers, [MAIL_ID_HEADER]: id },
    });
    return { ok: true, messageId: String(info.messageId) };
  } catch (err) {
    const { message, responseCode, code } = err as Error & { responseCode?: number; code?: string };
    // A 5xx refuses this mail for good; a refused login (EAUTH) is the account's, fixed by the operator, then the retries go.
    const forGood = typeof responseCode === 'number' && responseCode >= 500 && code !== 'EAUTH';
    return {
      ok: false,
      transient: !forGood,
      reason: responseCode
        ? `The mail server refused it (${responseCode}): ${message}`
        : `No answer from the mail server: ${message}`,
      ...(responseCode ? { code: responseCode } : {}),
    };
  } finally {
    transport.close();
  }
}

type Claimed = StoredMail & { delivery: MailDelivery; leaseId: string };

/** Takes the mail for one attempt, or answers undefined when it is not ours to send now. */
async function claim(id: string, now: Date): Promise<Claimed | undefined> {
  try {
    return await runTransaction(async (tx) => {
      const snap = await tx.get(mailRef(id));
      const mail = snap.data() as StoredMail | undefined;
      if (!mail || mail.delivery?.state === 'SENT' || mail.delivery?.state === 'ERROR') return undefined;
      // Not yet due, or another send holds the lease.
      if (!mail.nextAttemptAt || mail.nextAttemptAt.toMillis() > now.getTime()) return undefined;
      const leaseId = randomUUID();
      const delivery: MailDelivery = { ...mail.delivery, state: 'RETRY', attempts: (mail.delivery?.attempts ?? 0) + 1 };
      tx.update(snap.ref, { delivery, leaseId, nextAttemptAt: Timestamp.fromMillis(now.getTime() + LEASE_MS) });
      return { ...mail, delivery, leaseId };
    });
  } catch (err) {
    // Contended by a concurrent claim that won: it sends.
    if (hasCode(err, 'ABORTED')) return undefined;
    throw err;
  }
}

/**
 * Writes the attempt's outcome, unless the lease was taken over meanwhile (then the taker
 * decides) or the mail is gone (an erased account's). A retry keeps it due at `retryAt`; SENT
 * and ERROR end it.
 */
async function settle(id: string, leaseId: string, delivery: MailDelivery, retryAt?: Timestamp): Promise<void> {
  await runTransaction(async (tx) => {
    const snap = await tx.get(mailRef(id));
    if (!snap.exists || (snap.get('leaseId') !== leaseId && delivery.state !== 'SENT')) return;
    tx.update(
      snap.ref,
      retryAt
        ? { delivery, nextAttemptAt: retryAt }
        : {
            delivery,
            nextAttemptAt: FieldValue.delete(),
            leaseId: FieldValue.delete(),
            ...(delivery.state === 'SENT' ? { sentAt: Timestamp.now() } : {}),
          },
    );
  });
}

/** Sends one mail if it is due and nobody else holds it; answers what happened. */
export async function sendMail(id: string, now: Date = new Date()): Promise<MailOutcome> {
  const mail = await claim(id, now);
  if (!mail) return 'skipped';
  const { attempts } = mail.delivery;
  const answer = await callServer(id, mail);
  if (answer.ok) {
    await settle(id, mail.leaseId, { state: 'SENT', attempts, messageId: answer.messageId });
    return 'sent';
  }
  const giveUp = !answer.transient || attempts >= MAIL_MAX_ATTEMPTS;
  // The server's words stay on the document (they may name the address); the log has the code only.
  const about = { mailId: id, attempt: attempts, code: answer.code };
  if (giveUp) {
    logger.error('mail not delivered', about);
    await settle(id, mail.leaseId, { state: 'ERROR', attempts, error: answer.reason });
    return 'error';
  }
  logger.warn('mail attempt failed', about);
  const retryAt = Timestamp.fromMillis(now.getTime() + BACKOFF_BASE_MS * 2 ** (attempts - 1));
  await settle(id, mail.leaseId, { state: 'RETRY', attempts, error: answer.reason }, retryAt);
  return 'retry';
}

/** Sends right away (send-soon.ts: the request waits at most 2 s); never throws (the sweep retries what is left). */
export const sendMailSoon = (ids: readonly string[]): Promise<void> => sendSoon('mail', ids, (id) => sendMail(id));

export interface MailSweepResult {
  looked: number;
  sent: number;
  error: number;
  retry: number;
  complete: boolean;
}

/**
 * Sends what is due (not delivered, SWEEP_GRACE_MS past nextAttemptAt: a retry's wait or a dead
 * sender's lease over, a send after the write that never happened), a page at a time and a few
 * at once, until none is left or the time budget ends.
 */
export async function sweepMail(
  options: { now?: Date; deadline?: number; pageSize?: number; concurrency?: number } = {},
): Promise<MailSweepResult> {
  const { now = new Date(), deadline = Date.now() + 60_000, pageSize = 100, concurrency = 5 } = options;
  const result: MailSweepResult = { looked: 0, sent: 0, error: 0, retry: 0, complete: true };
  let query = dueMailQuery(new Date(now.getTime() - SWEEP_GRACE_MS), pageSize);
  for (;;) {
    if (Date.now() >= deadline) return { ...result, complete: false };
    const snap = await query.get();
    result.looked += snap.size;
    const ids = snap.docs.map((d) => d.id);
    for (let i = 0; i < ids.length && Date.now() < deadline; i += concurrency) {
      const outcomes = await Promise.all(
        ids.slice(i, i + concurrency).map((id) =>
          sendMail(id, now).catch((err: unknown) => {
            logger.error('mail sweep send failed', { mailId: id, error: String(err) });
            return 'skipped' as const;
          }),
        ),
      );
      for (const o of outcomes) if (o !== 'skipped') result[o]++;
    }
    if (snap.size < pageSize) return result;
    query = query.startAfter(snap.docs[snap.size - 1]);
  }
}
