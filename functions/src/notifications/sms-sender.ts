import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { SMS_PER_NUMBER_PER_HOUR } from '../api/policy';
import { smsConfig } from '../config';
import { takeSlot } from '../http/rate-limit';
import { dueSmsQuery, smsRef, type SmsDoc } from '../store/sms';
import { runTransaction } from '../store/transaction';
import { hasCode } from '../store/error-codes';
import { sendSoon } from './send-soon';

/**
 * Sends the documents of the `sms` outbox through the provider's SMS API (Hubtel's
 * 'send message': POST {base}/v1/messages/send, Basic auth of client id and secret, JSON
 * { From, To, Content }, answered { MessageId, Status: 0, ... }).
 *
 * Exactly once: a send first claims its document in a transaction (Queued -> Sending, one
 * more attempt, a lease until nextAttemptAt); a second trigger of the same document finds it
 * Sending and does nothing. Only a sender that dies mid-call leaves it Sending; when the lease
 * ends the sweep claims it again (the one case that may send twice).
 *
 * Fired twice over: right after the transaction that queued it commits (notify.ts), and by the
 * sweep (sweepSms, every minute) for whatever is still Queued past nextAttemptAt or Sending
 * past its lease. The Functions emulator fires no Firestore trigger for our Firestore emulator
 * (firebase-tools ignores triggers when it did not start that emulator itself), so no trigger.
 */

/** Tries per message; transient failures (5xx, 429, network, timeout) wait BACKOFF_BASE_MS x 2^n between. */
export const SMS_MAX_ATTEMPTS = 5;
const BACKOFF_BASE_MS = 30_000;
/** How long a claim holds a message: longer than a provider call may take. */
const LEASE_MS = 60_000;
const PROVIDER_TIMEOUT_MS = 10_000;

export type SendOutcome = 'sent' | 'failed' | 'retry' | 'skipped';

type ProviderAnswer = { ok: true; messageId: string } | { ok: false; transient: boolean; reason: string };

/** One HTTP call to the provider; every way it can go wrong becomes a reason, transient or not. */
async function callProvider(sms: Pick<SmsDoc, 'to' | 'body'>): Promise<ProviderAnswer> {
  const config = smsConfig();
  if (!config.apiBase) return { ok: false, transient: true, reason: 'The SMS API is not configured (SMS_API_BASE).' };
  let res: Response;
  try {
    res = await fetch(`${config.apiBase}/v1/messages/send`, {
      method: 'POST',
      headers: { Authorization: config.authorization, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ From: config.senderId, To: sms.to, Content: sms.body }),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (err) {
    return { ok: false, transient: true, reason: `No answer from the SMS API: ${(err as Error).message}` };
  }
  const text = await res.text().catch(() => '');
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // A proxy's HTML error page: the status says enough.
  }
  const said = String(body.Message ?? body.message ?? text.slice(0, 200));
  if (res.status >= 500 || res.status === 429 || res.status === 408) {
    return { ok: false, transient: true, reason: `SMS API answered ${res.status}: ${said}` };
  }
  if (!res.ok) return { ok: false, transient: false, reason: `SMS API refused it (${res.status}): ${said}` };
  const messageId = body.MessageId ?? body.messageId;
  const status = Number(body.Status ?? body.status ?? 0);
  if (typeof messageId !== 'string' || !messageId || status !== 0) {
    return { ok: false, transient: false, reason: `SMS API did not accept it (status ${status}): ${said}` };
  }
  return { ok: true, messageId };
}

/** Takes the message for one attempt, or answers undefined when it is not ours to send now. */
async function claim(id: string, now: Date): Promise<(SmsDoc & { leaseId: string }) | undefined> {
  try {
    return await runTransaction(async (tx) => {
      const snap = await tx.get(smsRef(id));
      const sms = snap.data() as SmsDoc | undefined;
      if (!sms || (sms.status !== 'Queued' && sms.status !== 'Sending')) return undefined;
      if (sms.nextAttemptAt.toMillis() > now.getTime()) return undefined; // not yet due, or another holds the lease
      const leaseId = randomUUID();
      const claimed = {
        status: 'Sending' as const,
        attempts: sms.attempts + 1,
        leaseId,
        nextAttemptAt: Timestamp.fromMillis(now.getTime() + LEASE_MS),
      };
      tx.update(snap.ref, claimed);
      return { ...sms, ...claimed };
    });
  } catch (err) {
    // Contended by a concurrent claim that won: it sends.
    if (hasCode(err, 'ABORTED')) return undefined;
    throw err;
  }
}

/** Writes the attempt's outcome, unless the lease was taken over meanwhile (then the taker decides). */
async function settle(id: string, leaseId: string, change: Partial<SmsDoc>): Promise<void> {
  await runTransaction(async (tx) => {
    const snap = await tx.get(smsRef(id));
    if (snap.get('leaseId') !== leaseId && change.status !== 'Sent') return;
    tx.update(snap.ref, change);
  });
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Sends one message if it is due and nobody else holds it; answers what happened. A number
 * that has had SMS_PER_NUMBER_PER_HOUR messages this hour gets no more (Failed, with the
 * reason staff read): whatever an account types as its phone, the clinic cannot be made to
 * flood it. Counted once per message, at its first attempt.
 */
export async function sendSms(id: string, now: Date = new Date()): Promise<SendOutcome> {
  const sms = await claim(id, now);
  if (!sms) return 'skipped';
  if (sms.attempts === 1 && !(await takeSlot(`sms-number:${sms.to}`, SMS_PER_NUMBER_PER_HOUR, HOUR_MS))) {
    logger.warn('sms not sent: the number had its messages this hour', { smsId: id });
    await settle(id, sms.leaseId, {
      status: 'Failed',
      failureReason: `Not sent: this number has had ${SMS_PER_NUMBER_PER_HOUR} messages from the clinic in the last hour.`,
    });
    return 'failed';
  }
  const answer = await callProvider(sms);
  if (answer.ok) {
    await settle(id, sms.leaseId, { status: 'Sent', providerMessageId: answer.messageId, sentAt: Timestamp.now() });
    return 'sent';
  }
  const giveUp = !answer.transient || sms.attempts >= SMS_MAX_ATTEMPTS;
  logger.warn('sms attempt failed', { smsId: id, attempt: sms.attempts, reason: answer.reason, giveUp });
  if (giveUp) {
    await settle(id, sms.leaseId, { status: 'Failed', failureReason: answer.reason });
    return 'failed';
  }
  const wait = BACKOFF_BASE_MS * 2 ** (sms.attempts - 1);
  await settle(id, sms.leaseId, {
    status: 'Queued',
    failureReason: answer.reason,
    nextAttemptAt: Timestamp.fromMillis(now.getTime() + wait),
  });
  return 'retry';
}

/** Sends right away (send-soon.ts: the request waits at most 2 s); never throws (the sweep retries what is left). */
export const sendSmsSoon = (ids: readonly string[]): Promise<void> => sendSoon('sms', ids, (id) => sendSms(id));

export interface SmsSweepResult {
  looked: number;
  sent: number;
  failed: number;
  retry: number;
  complete: boolean;
}

/**
 * Retries what is due (Queued past nextAttemptAt, Sending past its lease), a page at a
 * time and a few at once, until none is left or the time budget ends.
 */
export async function sweepSms(
  options: { now?: Date; deadline?: number; pageSize?: number; concurrency?: number } = {},
): Promise<SmsSweepResult> {
  const { now = new Date(), deadline = Date.now() + 60_000, pageSize = 100, concurrency = 5 } = options;
  const result: SmsSweepResult = { looked: 0, sent: 0, failed: 0, retry: 0, complete: true };
  let query = dueSmsQuery(now, pageSize);
  for (;;) {
    if (Date.now() >= deadline) return { ...result, complete: false };
    const snap = await query.get();
    result.looked += snap.size;
    const ids = snap.docs.map((d) => d.id);
    for (let i = 0; i < ids.length && Date.now() < deadline; i += concurrency) {
      const outcomes = await Promise.all(
        ids.slice(i, i + concurrency).map((id) =>
          sendSms(id, now).catch((err: unknown) => {
            logger.error('sms sweep send failed', { smsId: id, error: String(err) });
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
