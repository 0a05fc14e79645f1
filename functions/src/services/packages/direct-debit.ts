import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { ussdConfig } from '../../config';
import { type AutorenewAnswer, DIRECT_DEBIT_CHANNEL, MANDATE_STATUS, type MandateView, maskMsisdn } from '../../api/direct-debit';
import type { AutorenewRequest } from '../../api/subscription-requests';
import { SUBSCRIPTION_STATUS } from '../../api/subscriptions-contract';
import { badRequest, conflict, notFound } from '../../http/errors';
import { auditAs, type Staff } from '../shared/staff-access';
import { newClientReference } from '../../provider/client-reference';
import {
  cancelPreapproval,
  initiatePreapproval,
  type PreapprovalDecision,
  preapprovalState,
  verifyPreapprovalOtp,
} from '../../provider/direct-debit';
import { notifyPatient } from '../../notifications/notify';
import { mandateApproved, mandateDeclined, mandateStopped } from '../../notifications/templates/direct-debit';
import { packageById } from '../../store/catalog';
import { storedTime } from '../../store/converter';
import { mandateByReference, mandateNumberCodeRef, mandateRef, mandatesOf, type StoredMandate } from '../../store/mandates';
import { findPatient } from '../../store/patients';
import { ghanaPhone } from '../../notifications/sms-text';
import { mandateNumberCode } from '../../notifications/templates';
import { sendNumberCode, spendNumberCode, type PhoneCodeSent } from '../shared/number-code';
import type { Patient } from '../../api/types';
import { writeAudit } from '../../store/staff';
import { subscriptionRef, type StoredSubscription } from '../../store/subscriptions';
import { runTransaction } from '../../store/transaction';
import { renewLink } from './subscription-calendar';
import { mandateView } from './mandate-view';
import { liveSubscriptionsOf, periodOf, renewalAmountOf } from './subscriptions';

/**
 * Renewal by mobile-money direct debit (docs/direct-debit.md). A mandate (mandates/{subscriptionId})
 * is asked of the provider, approved by the patient on their phone (USSD prompt or OTP) and then
 * charged at each period's end with the package's price at the time. A charge is the period's
 * renewal record (the one a checkout renewal pays), so it settles through the same markPaid, and
 * a checkout for the same period paid as well becomes a refund Due. Every change is audited.
 */

export const audit = (tx: Transaction, actor: 'patient' | 'system', patientId: string, action: string, subscriptionId: string) =>
  writeAudit(
    {
      actorUid: actor === 'patient' ? patientId : 'direct-debit',
      actorRole: actor,
      action,
      target: mandateRef(subscriptionId).path,
      patientIds: [patientId],
    },
    tx,
  );

/** What the next charge of a subscription takes: the package's price now (GHS 99 after a trial). */
export async function priceNow(data: StoredSubscription): Promise<number> {
  const amount = renewalAmountOf(await packageById(data.packageId), data);
  if (amount === undefined) throw badRequest('This package is priced for each organisation and cannot renew automatically.');
  return amount;
}

/** The package that renews: the patient's live one that has not been cancelled (one at a time). */
async function renewingSubscription(patientId: string, now: Date) {
  const live = await liveSubscriptionsOf(patientId, now);
  const renewing = live.find(({ data }) => periodOf(data).status !== SUBSCRIPTION_STATUS.Cancelled && data.renews !== false);
  if (!renewing) throw conflict('You have no package that renews: choose a package first.');
  return renewing;
}

/** A mandate that can still take money or be approved. */
const isLiveMandate = (m: StoredMandate | undefined) =>
  m?.status === MANDATE_STATUS.Pending || m?.status === MANDATE_STATUS.Active;

/**
 * How the number to debit is proved: 'account', the web's rule (the account's confirmed phone,
 * or a code sent to that number now: sendMandateNumberCode); 'channel', a number the channel
 * itself proves is the caller's (the USSD gateway's Mobile, docs/ussd.md).
 */
export type NumberProof = 'account' | 'channel';

/** The account's confirmed phone (+233...), if it has one. */
const provedPhoneOf = (patient: Patient | undefined) =>
  patient?.phoneVerifiedAt ? ghanaPhone(patient.contactNumber) : undefined;

/**
 * POST /subscriptions/autorenew/number-code: a 6-digit code by SMS to a number other than the
 * account's confirmed phone, which the opt-in then needs. The phone codes' own budgets per
 * account and per number (services/patients/phone-verification.ts) hold here too.
 */
export async function sendMandateNumberCode(patientId: string, msisdn: string): Promise<PhoneCodeSent> {
  const phone = ghanaPhone(msisdn);
  if (!phone) throw badRequest('Mobile money number must be a Ghana mobile number.');
  if (phone === provedPhoneOf(await findPatient(patientId)))
    throw conflict('This is your confirmed phone number: no code is needed, start automatic renewal.');
  return sendNumberCode(patientId, phone, mandateNumberCodeRef(patientId), mandateNumberCode);
}

/**
 * POST /subscriptions/autorenew: claims the subscription's one mandate (a second opt-in, even at
 * the same moment, gets 409), then asks the provider for the preapproval. A number the account
 * has not proved needs the code texted to it (spent in the claim's transaction): without it,
 * or with a wrong one, nothing is stored and nothing reaches the provider.
 */
export async function startAutorenew(
  patientId: string,
  request: AutorenewRequest,
  now = new Date(),
  provedBy: NumberProof = 'account',
): Promise<AutorenewAnswer> {
  const { id: subscriptionId, data: subscription } = await renewingSubscription(patientId, now);
  const proved = provedPhoneOf(await findPatient(patientId));
  const msisdn = request.msisdn ? ghanaPhone(request.msisdn) : proved;
  if (!msisdn) throw badRequest('Mobile money number is required: your phone number is not confirmed yet, so type the number.');
  const needsCode = provedBy === 'account' && msisdn !== proved;
  if (needsCode && !request.code)
    throw badRequest(
      `Code: ${maskMsisdn(msisdn)} is not your confirmed phone number. Tap Send code to text a code to it, and type the code here; or use your confirmed number.`,
    );
  const amount = await priceNow(subscription);
  const ref = mandateRef(subscriptionId);
  const claim: StoredMandate = {
    patientId,
    msisdn,
    network: request.network,
    providerId: '',
    clientReferenceId: newClientReference(),
    status: MANDATE_STATUS.Pending,
    createdAt: now.toISOString(),
    nextChargeAt: periodOf(subscription).periodEnd ?? now.toISOString(),
    failures: 0,
  };
  const refused = await runTransaction(async (tx) => {
    const old = (await tx.get(ref)).data();
    if (old?.status === MANDATE_STATUS.Active)
      throw conflict(`This package already renews automatically from ${maskMsisdn(old.msisdn)}.`);
    if (old?.status === MANDATE_STATUS.Pending)
      throw conflict(`An approval is already waiting on ${maskMsisdn(old.msisdn)}: approve it, or stop it and start again.`);
    if (needsCode) {
      const wrong = await spendNumberCode(
        tx,
        patientId,
        mandateNumberCodeRef(patientId),
        msisdn,
        request.code!,
        'This code was sent to another number.',
      );
      // A wrong try is counted: that write commits, and the refusal is thrown after.
      if (wrong) return wrong;
    }
    tx.set(ref, claim);
    await audit(tx, 'patient', patientId, 'mandate.start', subscriptionId);
    return undefined;
  });
  if (refused) throw refused;
  let started;
  try {
    started = await initiatePreapproval({
      clientReferenceId: claim.clientReferenceId,
      msisdn,
      channel: DIRECT_DEBIT_CHANNEL[request.network],
    });
  } catch (err) {
    // Nothing was asked of the patient: the claim goes, so they can try again.
    await runTransaction(async (tx) => {
      const now = (await tx.get(ref)).data();
      if (now?.clientReferenceId !== claim.clientReferenceId || now.providerId) return;
      tx.update(ref, {
        status: MANDATE_STATUS.Cancelled,
        cancelledAt: storedTime(new Date()),
        endedBecause: 'provider-unreachable',
      });
      await audit(tx, 'system', patientId, 'mandate.provider-failed', subscriptionId);
    });
    throw err;
  }
  const fields = {
    providerId: started.providerId,
    verificationType: started.verificationType,
    ...(started.otpPrefix ? { otpPrefix: started.otpPrefix } : {}),
  };
  await ref.update(fields);
  const mandate = { ...claim, ...fields };
  return { mandate: mandateView(subscriptionId, mandate, amount), verificationType: started.verificationType };
}

/** The mandate waiting for the caller's approval. */
async function pendingMandateOf(patientId: string, now: Date) {
  const { id } = await renewingSubscription(patientId, now);
  const mandate = (await mandateRef(id).get()).data();
  if (!mandate || mandate.status !== MANDATE_STATUS.Pending || !mandate.providerId)
    throw conflict('No approval is waiting: start automatic renewal first.');
  return { subscriptionId: id, mandate };
}

/**
 * Approved or declined: from the provider's callback, or at once when the provider accepted the
 * OTP. Only a Pending mandate of that very preapproval changes, so a second callback changes nothing.
 */
export async function decideMandate(
  decision: PreapprovalDecision,
  now = new Date(),
): Promise<'changed' | 'unchanged' | 'unknown'> {
  const found = await mandateByReference(decision.clientReferenceId);
  if (!found) return 'unknown';
  const { subscriptionId } = found;
  return runTransaction(async (tx) => {
    const ref = mandateRef(subscriptionId);
    const m = (await tx.get(ref)).data();
    const subscription = (await tx.get(subscriptionRef(subscriptionId))).data();
    if (!m || m.status !== MANDATE_STATUS.Pending || m.providerId !== decision.providerId || !subscription) return 'unchanged';
    const masked = maskMsisdn(m.msisdn);
    if (!decision.approved) {
      tx.update(ref, { status: MANDATE_STATUS.Declined, endedBecause: 'declined' });
      await audit(tx, 'system', m.patientId, 'mandate.declined', subscriptionId);
      await notifyPatient(
        m.patientId,
        mandateDeclined({ packageTitle: subscription.packageTitle, maskedNumber: masked, link: renewLink() }),
        { tx },
      );
      return 'changed';
    }
    const nextChargeAt = periodOf(subscription).periodEnd ?? now.toISOString();
    const amount = await priceNow(subscription);
    tx.update(ref, {
      status: MANDATE_STATUS.Active,
      approvedAt: storedTime(now),
      nextChargeAt: storedTime(nextChargeAt),
      failures: 0,
      agreedAmount: amount,
      priceRiseAmount: FieldValue.delete(),
      priceRiseFrom: FieldValue.delete(),
    });
    await audit(tx, 'system', m.patientId, 'mandate.approved', subscriptionId);
    await notifyPatient(
      m.patientId,
      mandateApproved({
        packageTitle: subscription.packageTitle,
        maskedNumber: masked,
        nextChargeAt,
        amount,
        link: renewLink(),
        shortcode: ussdConfig().shortcode,
      }),
      { tx },
    );
    return 'changed';
  });
}

/** POST /subscriptions/autorenew/verify: the OTP the patient typed goes to the provider; accepted, the mandate is Active. */
export async function verifyAutorenew(patientId: string, otp: string, now = new Date()): Promise<MandateView> {
  const { subscriptionId, mandate } = await pendingMandateOf(patientId, now);
  if (mandate.verificationType !== 'OTP') throw conflict('This approval is made on your phone: approve the prompt there.');
  const otpCode = otp.includes('-') || !mandate.otpPrefix ? otp : `${mandate.otpPrefix}-${otp}`;
  const accepted = await verifyPreapprovalOtp({
    providerId: mandate.providerId,
    clientReferenceId: mandate.clientReferenceId,
    msisdn: mandate.msisdn,
    otpCode,
  });
  if (!accepted) throw badRequest('The approval code (otp) is not right: check the SMS and type it again.');
  await decideMandate({ providerId: mandate.providerId, clientReferenceId: mandate.clientReferenceId, approved: true }, now);
  return answerOf(subscriptionId);
}

/** The last nine digits of a Ghana number, however it is written (+233..., 233..., 0...). */
const nationalNumber = (msisdn: string) => msisdn.replace(/\D/g, '').slice(-9);

/**
 * The preapproval callback (routes/payment-callback.ts) is a hint: the provider's status API says
 * what became of the mandate with this reference, and only a decision for the mandate's own number
 * counts (docs/direct-debit.md). Still pending: nothing changes, the next callback or the OTP decides.
 */
export async function confirmMandate(clientReferenceId: string, now = new Date()): Promise<'changed' | 'unchanged' | 'unknown'> {
  const found = await mandateByReference(clientReferenceId);
  if (!found) return 'unknown';
  const state = await preapprovalState(clientReferenceId);
  if (!state || (state.status !== 'APPROVED' && state.status !== 'REJECTED')) return 'unchanged';
  if (nationalNumber(state.msisdn) !== nationalNumber(found.data.msisdn)) {
    logger.error('preapproval status names another number than the mandate', { clientReferenceId });
    return 'unchanged';
  }
  return decideMandate({ providerId: state.providerId, clientReferenceId, approved: state.status === 'APPROVED' }, now);
}

/** The subscription's mandate as the patient sees it (the card, the USSD menu), if it has one. */
export async function mandateOfSubscription(subscriptionId: string): Promise<MandateView | undefined> {
  const [m, s] = await Promise.all([mandateRef(subscriptionId).get(), subscriptionRef(subscriptionId).get()]);
  const data = s.data();
  const mandate = m.data();
  if (!mandate) return undefined;
  return mandateView(subscriptionId, mandate, data ? await priceNow(data).catch(() => undefined) : undefined);
}

async function answerOf(subscriptionId: string): Promise<MandateView> {
  return (await mandateOfSubscription(subscriptionId))!;
}

/**
 * Ends a mandate here first (in a transaction: a charge the job has not sent yet reads it
 * Cancelled and is not sent), then at the provider (a failure there is logged: nothing more is
 * charged from our side either way).
 */
export async function stopMandate(
  subscriptionId: string,
  why: { by: 'patient' | 'system'; because: string; sentence: string },
  now: Date,
): Promise<StoredMandate | undefined> {
  const stopped = await runTransaction(async (tx) => {
    const ref = mandateRef(subscriptionId);
    const m = (await tx.get(ref)).data();
    if (!isLiveMandate(m)) return undefined;
    const subscription = (await tx.get(subscriptionRef(subscriptionId))).data();
    tx.update(ref, { status: MANDATE_STATUS.Cancelled, cancelledAt: storedTime(now), endedBecause: why.because });
    await audit(tx, why.by, m!.patientId, `mandate.cancel.${why.because}`, subscriptionId);
    // An account being erased gets no notice: its mails and texts are being removed.
    if (subscription && why.because !== 'erased')
      await notifyPatient(
        m!.patientId,
        mandateStopped({ packageTitle: subscription.packageTitle, maskedNumber: maskMsisdn(m!.msisdn), why: why.sentence }),
        { tx },
      );
    return m;
  });
  if (stopped?.providerId) {
    await cancelPreapproval(stopped.providerId).catch((err: unknown) =>
      logger.error('direct debit: cancel at the provider failed', { subscriptionId, error: String(err) }),
    );
  }
  return stopped;
}

/** POST /subscriptions/autorenew/cancel: one tap stops it. */
export async function cancelAutorenew(patientId: string, now = new Date()): Promise<MandateView> {
  const live = (await mandatesOf(patientId)).find(({ data }) => isLiveMandate(data));
  if (!live) throw conflict('Automatic renewal is not on for any of your packages.');
  await stopMandate(live.subscriptionId, { by: 'patient', because: 'patient', sentence: 'As you asked:' }, now);
  return answerOf(live.subscriptionId);
}

/** A new phone number, or the account erased: every live mandate of the patient ends. */
export async function stopMandatesOf(patientId: string, because: 'phone-changed' | 'erased', now = new Date()): Promise<void> {
  const sentence =
    because === 'phone-changed' ? 'Your phone number changed, so for your safety:' : 'Your account is being erased:';
  for (const { subscriptionId, data } of await mandatesOf(patientId)) {
    if (isLiveMandate(data)) await stopMandate(subscriptionId, { by: 'system', because, sentence }, now);
  }
}

/** The package's renewal was cancelled (POST /subscriptions/cancel): its direct debit ends with it. */
export async function stopMandateOfCancelledPackage(subscriptionId: string, now = new Date()): Promise<void> {
  await stopMandate(
    subscriptionId,
    { by: 'patient', because: 'package-stopped', sentence: 'You cancelled the renewal of your package:' },
    now,
  );
}

/** The mandate refs of a patient (erasure removes them: they hold the number). */
export const mandateRefsOf = async (patientId: string) => (await mandatesOf(patientId)).map((m) => mandateRef(m.subscriptionId));

/** GET /staff/patients/{id}/mandates (the staff patient page): the patient's direct debits, newest first; the read is audited. */
export async function mandatesForStaff(staff: Staff, patientId: string): Promise<(MandateView & { endedBecause?: string })[]> {
  if (!(await findPatient(patientId))) throw notFound('We could not find that patient.');
  await auditAs(staff, { action: 'patient.mandates.read', target: `patients/${patientId}`, patientIds: [patientId] });
  const all = await mandatesOf(patientId);
  return all
    .sort((a, b) => b.data.createdAt.localeCompare(a.data.createdAt))
    .map(({ subscriptionId, data }) => ({
      ...mandateView(subscriptionId, data),
      ...(data.endedBecause ? { endedBecause: data.endedBecause } : {}),
    }));
}
