import { randomUUID } from 'node:crypto';
import type { DeskPaymentOutcome, DeskPaymentRequest, PaymentLinkSent } from '../../api/front-desk';
import { badRequest, conflict, notFound } from '../../http/errors';
import { notifyPatient, unprovedClinicPhone } from '../../notifications/notify';
import { ghanaPhone } from '../../notifications/sms-text';
import { paymentLink } from '../../notifications/templates';
import { logger } from 'firebase-functions';
import { closeCheckout, ProviderError, type TransactionStatus } from '../../provider/provider';
import { findPatient } from '../../store/patients';

import { openCheckout, whyNotPayable } from './checkout';
import { describePayable, findPayable, isRemoved, kindOf, linksOf, type Payable } from './payable';
import { markPaid } from './settlement';
import { auditAs, type Staff } from '../shared/staff-access';

/**
 * Money taken at the front desk (docs/front-desk.md): cash or mobile money recorded by staff, or
 * a payment link sent to the patient's phone. A desk payment is settled by the same markPaid as
 * the provider's callback (services/payments/settlement.ts): the record's own amount, one ledger entry
 * (source 'desk', who, how), a receipt, revenue; and of a desk payment and an online payment for
 * one record, whichever comes second is a refund Due, whatever the order.
 */

async function payableAtDesk(clientReference: string): Promise<Payable> {
  const payable = await findPayable(clientReference);
  if (!payable || isRemoved(payable)) throw notFound('No payment with that clientReference was found.');
  // Its kind's own refusal (an appointment that needs no payment, or has ended); a Paid one is taken (a refund Due).
  const refusal = kindOf(payable.kind).whyNotPayable?.(payable.data, 'desk');
  if (refusal) throw refusal;
  if (!(payable.amount > 0)) throw badRequest('There is nothing to pay for this record.');
  return payable;
}

/**
 * POST /staff/payments/{clientReference}/record: cash, or mobile money with the provider's
 * reference (the same reference twice is the same payment: already-paid). Never an amount from
 * the body: the record's own. A record already paid online makes this a refund Due (duplicate);
 * one already recorded at the desk is a 409.
 */
export async function recordDeskPayment(
  staff: Staff,
  clientReference: string,
  input: DeskPaymentRequest,
): Promise<DeskPaymentOutcome> {
  const payable = await payableAtDesk(clientReference);
  const transactionId = input.method === 'momo' ? `desk-momo-${input.providerReference}` : `desk-cash-${randomUUID()}`;
  const status: TransactionStatus = {
    status: 'Paid',
    amount: payable.amount,
    charges: 0,
    amountAfterCharges: payable.amount,
    transactionId,
    externalTransactionId: input.providerReference ?? '',
    paymentMethod: input.method,
    currencyCode: 'GHS',
  };
  const outcome = await markPaid(payable, status, {
    method: input.method,
    ...(input.providerReference ? { providerReference: input.providerReference } : {}),
    recordedBy: { uid: staff.uid, role: staff.role, ...(staff.email ? { email: staff.email } : {}) },
  });
  if (outcome === 'not-paid' || outcome === 'refused')
    throw new Error('a desk payment is always Paid, and a reused reference a 409');
  if (outcome === 'paid') await closeLiveCheckout(payable);
  // Paid and refund-due are audited in markPaid's transaction; the same payment sent again gets its own entry.
  if (outcome === 'already-paid')
    await auditAs(staff, { action: 'payment.desk.again', target: payable.ref.path, patientIds: [payable.patientId] });
  const fresh = await payable.ref.get();
  return {
    outcome,
    clientReference,
    kind: payable.kind,
    recordId: payable.ref.id,
    amount: payable.amount,
    paymentStatus: String(fresh.get('paymentStatus') ?? ''),
  };
}

/**
 * Once the desk has the money, the record's checkout (a payment link texted earlier, or the
 * patient's own) must take nothing more: the provider is asked to close it. A provider that
 * cannot, or cannot be reached, leaves the page open; a payment on it then becomes a refund Due
 * ('duplicate'), which staff see (docs/front-desk.md). The desk's answer never waits on this failing.
 */
async function closeLiveCheckout(payable: Payable): Promise<void> {
  const checkoutId = payable.data.checkoutId;
  if (!checkoutId) return;
  try {
    const closed = await closeCheckout(checkoutId);
    if (closed !== 'closed')
      logger.warn('checkout not closed after a desk payment', { clientReference: payable.clientReference, closed });
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    logger.warn('checkout not closed after a desk payment', { clientReference: payable.clientReference, error: err.message });
  }
}

/** The appointment page a payment link's notice opens, when the record has one. */
function appointmentLink(payable: Payable) {
  const { appointmentId } = linksOf(payable);
  return appointmentId ? { appointmentId } : {};
}

/**
 * POST /staff/payments/{clientReference}/link: the record's one live checkout (opened with the
 * server-held credentials, or the open one again) and its link texted (and mailed, when the
 * record has an e-mail) to the patient's own phone. A record already paid: 409. Audited.
 */
export async function sendPaymentLink(staff: Staff, clientReference: string): Promise<PaymentLinkSent> {
  const payable = await payableAtDesk(clientReference);
  const refusal = whyNotPayable(payable);
  if (refusal) throw refusal;
  const patient = await findPatient(payable.patientId);
  const sentTo = ghanaPhone(patient?.contactNumber);
  if (!sentTo) throw conflict('This patient has no phone number we can text. Add it to their record first.');
  if (unprovedClinicPhone(patient))
    throw conflict(
      `Prove the number to send the payment link: ${sentTo} has not been confirmed yet. Send the patient a code from their record (Prove the number) and enter the code they read back; until then we text them nothing.`,
    );
  const checkout = await openCheckout(payable);
  await notifyPatient(
    payable.patientId,
    paymentLink({
      what: describePayable(payable),
      amount: payable.amount,
      url: checkout.checkoutUrl || checkout.checkoutDirectUrl,
      clientReference,
      ...appointmentLink(payable),
    }),
    { contact: { phone: sentTo } },
  );
  await auditAs(staff, { action: 'payment.link', target: payable.ref.path, patientIds: [payable.patientId] });
  return { ...checkout, sentTo };
}
