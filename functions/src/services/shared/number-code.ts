import { randomInt } from 'node:crypto';
import { Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { maskPhone } from '../../api/ghana-phone';
import { PHONE_CODE_MINUTES, PHONE_CODE_SENDS_PER_HOUR } from '../../api/policy';
import { badRequest, HttpError } from '../../http/errors';
import { takeSlot } from '../../http/rate-limit';
import type { Notice } from '../../notifications/notice';
import { notifyPatient } from '../../notifications/notify';
import type { PhoneCodeRecord } from '../../store/patients';
import { runTransaction } from '../../store/transaction';
import { codeMatches, hashCode, MAX_WRONG_TRIES } from './verification-code';

/**
 * A code texted to a number proves that an account holds it: the profile's phone
 * (services/patients/phone-verification.ts) and a direct debit's number
 * (services/packages/direct-debit.ts) send and spend theirs here, each in its own document,
 * under one budget per account and per number (api/policy.ts PHONE_CODE_SENDS_PER_HOUR), so
 * accounts typing someone else's number cannot make the clinic flood it.
 */

const HOUR_MS = 60 * 60 * 1000;
const ASK_AGAIN = 'Please tap Send code for a new one.';

export const TOO_MANY_TO_NUMBER = `We have already sent ${PHONE_CODE_SENDS_PER_HOUR.perNumber} codes to this number in the last hour. Please wait an hour and try again.`;
export const TOO_MANY_FOR_ACCOUNT = `You have asked for ${PHONE_CODE_SENDS_PER_HOUR.perAccount} codes in the last hour. Please wait an hour and try again.`;

/** What a code's sending answers: where it went, without giving the number away. */
export interface PhoneCodeSent {
  maskedNumber: string;
  /** How long the code works. */
  minutes: number;
}

const canonical = (phone: string) => `phone:${phone}`;

/**
 * A 6-digit code by SMS to `phone` on behalf of account `uid`, stored hashed at `ref` (one per
 * account and purpose: the profile's phone in services/patients/phone-verification.ts, a
 * mandate's number in services/packages/direct-debit.ts).
 * Every such code shares the account's and the number's budgets (PHONE_CODE_SENDS_PER_HOUR),
 * so no purpose lets an account flood a number; 429 past them, nothing sent or stored.
 */
export async function sendNumberCode(
  uid: string,
  phone: string,
  ref: DocumentReference<PhoneCodeRecord>,
  notice: (p: { code: string; minutes: number }) => Notice,
): Promise<PhoneCodeSent> {
  // The account's budget first: a caller over it must not use up the number's.
  if (!(await takeSlot(`phone-code-account:${uid}`, PHONE_CODE_SENDS_PER_HOUR.perAccount, HOUR_MS))) {
    throw new HttpError(429, TOO_MANY_FOR_ACCOUNT);
  }
  if (!(await takeSlot(`phone-code-number:${phone}`, PHONE_CODE_SENDS_PER_HOUR.perNumber, HOUR_MS))) {
    throw new HttpError(429, TOO_MANY_TO_NUMBER);
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = Date.now();
  await runTransaction(async (tx) => {
    tx.set(ref, {
      hash: hashCode(uid, `${canonical(phone)}:${code}`),
      phone,
      sentAt: Timestamp.fromMillis(now),
      expiresAt: Timestamp.fromMillis(now + PHONE_CODE_MINUTES * 60_000),
      wrongTries: 0,
    });
    // To the number itself, never by e-mail; its copy goes within a day (api/retention.ts).
    await notifyPatient(uid, notice({ code, minutes: PHONE_CODE_MINUTES }), {
      tx,
      contact: { phone },
      channels: ['sms'],
      retention: 'verificationMail',
    });
  });
  return { maskedNumber: maskPhone(phone), minutes: PHONE_CODE_MINUTES };
}

/**
 * Spends the code at `ref` if it is the one sent to `phone` (read and written in `tx`): undefined
 * when right (the code is gone), else the refusal to throw after the transaction (a wrong try is
 * counted, so that write must commit; MAX_WRONG_TRIES kill the code). `otherNumber`: what to say
 * when the code went to another number than `phone`.
 */
export async function spendNumberCode(
  tx: Transaction,
  uid: string,
  ref: DocumentReference<PhoneCodeRecord>,
  phone: string | undefined,
  code: string,
  otherNumber: string,
): Promise<HttpError | undefined> {
  const record = (await tx.get(ref)).data();
  if (!record || record.wrongTries >= MAX_WRONG_TRIES) return badRequest(`This code can no longer be used. ${ASK_AGAIN}`);
  if (record.expiresAt.toMillis() <= Date.now())
    return badRequest(`This code has expired (codes work for ${PHONE_CODE_MINUTES} minutes). ${ASK_AGAIN}`);
  if (record.phone !== phone) return badRequest(`${otherNumber} ${ASK_AGAIN}`);
  if (!codeMatches(uid, `${canonical(record.phone)}:${code}`, record.hash)) {
    const wrongTries = record.wrongTries + 1;
    tx.update(ref, { wrongTries });
    const left = MAX_WRONG_TRIES - wrongTries;
    return badRequest(
      left > 0
        ? `That code is not correct. You have ${left} ${left === 1 ? 'try' : 'tries'} left.`
        : `That code is not correct. This code can no longer be used. ${ASK_AGAIN}`,
    );
  }
  tx.delete(ref);
  return undefined;
}
