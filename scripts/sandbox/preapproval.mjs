// @ts-check
// The direct-debit stand-in (docs/direct-debit.md): Hubtel's preapproval API (a customer approves a
// mandate once, by a USSD prompt or an OTP) and the receive-money request on a direct-debit channel
// (the merchant charges the approved number each period). Both answer at once and tell the result
// on a callback, as the provider does. Tests steer it through /__control/preapproval/... .
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { bodyText, newRouter, postJson, textBody } from './http.mjs';

/**
 * @typedef {'PENDING' | 'APPROVED' | 'REJECTED' | 'CANCELLED'} PreapprovalStatus
 * @typedef {{ hubtelPreApprovalId: string, clientReferenceId: string, merchant: string, customerMsisdn: string,
 *   channel: string, callbackUrl: string, verificationType: 'USSD' | 'OTP', otpPrefix: string, otp: string,
 *   status: PreapprovalStatus }} Preapproval
 * @typedef {'insufficient-funds' | 'mandate-revoked'} ChargeFailure
 * @typedef {{ clientReference: string, msisdn: string, channel: string, amount: number,
 *   outcome: 'Paid' | ChargeFailure, at: string }} Charge
 * @typedef {{ deliver: (to: string, content: string) => void }} SmsOutbox
 * @typedef {import('./ussd.mjs').PaymentLedger} PaymentLedger
 * @typedef {import('./http.mjs').Log} Log
 */

/** Hubtel's direct-debit channels (one per network). */
const CHANNELS = new Set(['mtn-gh-direct-debit', 'vodafone-gh-direct-debit', 'tigo-gh-direct-debit']);
/** The networks that confirm by a USSD prompt on the phone; the others send an OTP by SMS. */
const USSD_CHANNELS = new Set(['mtn-gh-direct-debit']);
const GHANA_MSISDN = /^233[235]\d{8}$/;

const FAILURE_TEXT = /** @type {Record<ChargeFailure, string>} */ ({
  'insufficient-funds': 'Insufficient funds in the customer wallet.',
  'mandate-revoked': 'The customer revoked the direct debit mandate at the network.',
});

/** @param {number} n */
const money = (n) => Math.round(n * 100) / 100;

/**
 * @param {{ payments: PaymentLedger, sms: SmsOutbox, log: Log }} options payments: where a paid
 *   charge is recorded so the status API answers Paid; sms: where the OTP goes (GET /__control/sms)
 * @returns {import('./http.mjs').Provider}
 */
export function preapprovalProvider({ payments, sms, log }) {
  /** @type {Map<string, Preapproval>} by hubtelPreApprovalId */
  const preapprovals = new Map();
  /** @type {Charge[]} */
  const charges = [];
  /** The next charge of a number ('*': any) fails so, once. @type {Map<string, ChargeFailure>} */
  const nextChargeFails = new Map();
  /** @type {{ url: string, body: unknown, status: number | string }[]} */
  const callbacks = [];

  /** @param {string} url @param {unknown} body */
  async function postCallback(url, body) {
    try {
      const res = await postJson(url, body, 30_000);
      callbacks.push({ url, body, status: res.status });
    } catch (err) {
      callbacks.push({ url, body, status: 'failed' });
      log(`preapproval sandbox: callback failed: ${/** @type {Error} */ (err).message}`);
    }
  }

  /** The approval (or refusal) as the provider posts it. @param {Preapproval} p */
  const decide = (p, /** @type {'APPROVED' | 'REJECTED'} */ status) => {
    p.status = status;
    return postCallback(p.callbackUrl, {
      CustomerMsisdn: p.customerMsisdn,
      VerificationType: p.verificationType,
      PreapprovalStatus: status,
      HubtelPreapprovalId: p.hubtelPreApprovalId,
      ClientReferenceId: p.clientReferenceId,
      CreatedAt: new Date().toISOString(),
    });
  };

  /** @param {import('express').Request} req @returns {Record<string, unknown> | undefined} */
  const jsonOf = (req) => {
    try {
      const body = JSON.parse(bodyText(req));
      return body && typeof body === 'object' ? body : undefined;
    } catch {
      return undefined;
    }
  };
  const refuse = (/** @type {import('express').Response} */ res, /** @type {number} */ status, /** @type {string} */ message) =>
    res.status(status).json({ code: String(status * 10), message, data: null });

  const api = newRouter();

  /** POST {base}/{merchant}/preapproval/initiate { clientReferenceId, customerMsisdn, channel, callbackUrl } */
  api.post('/:merchant/preapproval/initiate', textBody, (req, res) => {
    const body = jsonOf(req);
    if (!body) return refuse(res, 400, 'Invalid JSON');
    const msisdn = String(body.customerMsisdn ?? '');
    const channel = String(body.channel ?? '');
    if (!GHANA_MSISDN.test(msisdn)) return refuse(res, 400, 'customerMsisdn must be 233XXXXXXXXX');
    if (!CHANNELS.has(channel)) return refuse(res, 400, `Unsupported channel ${channel}`);
    if (!body.clientReferenceId || !body.callbackUrl) return refuse(res, 400, 'clientReferenceId and callbackUrl are required');
    const otpPrefix = randomBytes(2).toString('hex').toUpperCase();
    /** @type {Preapproval} */
    const p = {
      hubtelPreApprovalId: randomUUID(),
      clientReferenceId: String(body.clientReferenceId),
      merchant: String(req.params.merchant),
      customerMsisdn: msisdn,
      channel,
      callbackUrl: String(body.callbackUrl),
      verificationType: USSD_CHANNELS.has(channel) ? 'USSD' : 'OTP',
      otpPrefix,
      otp: String(randomInt(0, 10_000)).padStart(4, '0'),
      status: 'PENDING',
    };
    preapprovals.set(p.hubtelPreApprovalId, p);
    if (p.verificationType === 'OTP') {
      sms.deliver(`+${msisdn}`, `Your direct debit approval code is ${otpPrefix}-${p.otp}. Do not share it.`);
    }
    log(`preapproval sandbox: ${p.hubtelPreApprovalId} for ${msisdn} by ${p.verificationType}`);
    return res.status(200).json({
      message: 'Success',
      code: '2000',
      data: {
        hubtelPreApprovalId: p.hubtelPreApprovalId,
        clientReferenceId: p.clientReferenceId,
        verificationType: p.verificationType,
        ...(p.verificationType === 'OTP' ? { otpPrefix } : {}),
        preapprovalStatus: 'PENDING',
      },
    });
  });

  /**
   * GET {base}/{merchant}/preapproval/{clientReferenceId}/status: the provider's word on a mandate
   * (the clinic confirms every callback with it).
   */
  api.get('/:merchant/preapproval/:clientReferenceId/status', (req, res) => {
    const p = [...preapprovals.values()]
      .reverse()
      .find((m) => m.clientReferenceId === req.params.clientReferenceId && m.merchant === req.params.merchant);
    if (!p) return refuse(res, 404, 'Preapproval not found');
    return res.status(200).json({
      message: 'Success',
      code: '2000',
      data: {
        hubtelPreApprovalId: p.hubtelPreApprovalId,
        clientReferenceId: p.clientReferenceId,
        customerMsisdn: p.customerMsisdn,
        verificationType: p.verificationType,
        preapprovalStatus: p.status,
      },
    });
  });

  /** POST {base}/{merchant}/preapproval/verifyotp { hubtelPreApprovalId, clientReferenceId, customerMsisdn, otpCode: 'PREFIX-1234' } */
  api.post('/:merchant/preapproval/verifyotp', textBody, async (req, res) => {
    const body = jsonOf(req);
    const p = preapprovals.get(String(body?.hubtelPreApprovalId ?? ''));
    if (!p) return refuse(res, 404, 'Preapproval not found');
    if (p.status !== 'PENDING') return refuse(res, 409, `Preapproval is ${p.status}`);
    if (String(body?.otpCode ?? '') !== `${p.otpPrefix}-${p.otp}`) return refuse(res, 400, 'Invalid OTP');
    res.status(200).json({ message: 'Success', code: '2000', data: { hubtelPreApprovalId: p.hubtelPreApprovalId } });
    await decide(p, 'APPROVED');
  });

  /** GET {base}/{merchant}/preapproval/{id}/cancel: ends a mandate (a cancelled one answers the same). */
  api.get('/:merchant/preapproval/:id/cancel', (req, res) => {
    const p = preapprovals.get(String(req.params.id));
    if (!p) return refuse(res, 404, 'Preapproval not found');
    p.status = 'CANCELLED';
    return res.status(200).json({ message: 'Success', code: '2000', data: { preapprovalStatus: 'CANCELLED' } });
  });

  /**
   * POST {base}/{merchant}/receive/mobilemoney on a direct-debit channel: answers 0001 (pending)
   * at once, then the result on PrimaryCallbackUrl like any payment.
   */
  api.post('/:merchant/receive/mobilemoney', textBody, async (req, res) => {
    const body = jsonOf(req);
    if (!body) return res.status(400).json({ ResponseCode: '4000', Message: 'Invalid JSON' });
    const msisdn = String(body.CustomerMsisdn ?? '');
    const channel = String(body.Channel ?? '');
    const amount = Number(body.Amount);
    const clientReference = String(body.ClientReference ?? '');
    const callbackUrl = String(body.PrimaryCallbackUrl ?? '');
    if (!CHANNELS.has(channel) || !GHANA_MSISDN.test(msisdn) || !(amount > 0) || !clientReference || !callbackUrl) {
      return res.status(400).json({ ResponseCode: '4000', Message: 'Invalid request' });
    }
    const merchant = String(req.params.merchant);
    const mandate = [...preapprovals.values()].find(
      (p) => p.merchant === merchant && p.customerMsisdn === msisdn && p.channel === channel && p.status === 'APPROVED',
    );
    const forced = nextChargeFails.get(msisdn) ?? nextChargeFails.get('*');
    nextChargeFails.delete(nextChargeFails.has(msisdn) ? msisdn : '*');
    /** @type {Charge['outcome']} */
    const outcome = !mandate ? 'mandate-revoked' : (forced ?? 'Paid');
    if (outcome === 'mandate-revoked' && mandate) mandate.status = 'CANCELLED';
    charges.push({ clientReference, msisdn, channel, amount: money(amount), outcome, at: new Date().toISOString() });
    const transactionId = randomBytes(16).toString('hex');
    res.status(200).json({
      ResponseCode: '0001',
      Message: 'Transaction pending. Expect callback request for final state',
      Data: {
        TransactionId: transactionId,
        Description: body.Description ?? '',
        ClientReference: clientReference,
        Amount: amount,
      },
    });
    const network = channel.replace('-direct-debit', '');
    if (outcome === 'Paid')
      payments.recordPaid(merchant, clientReference, { amount, phone: `0${msisdn.slice(3)}`, channel: network });
    await postCallback(callbackUrl, {
      ResponseCode: outcome === 'Paid' ? '0000' : '2001',
      Message: outcome === 'Paid' ? 'success' : 'failed',
      Data: {
        ClientReference: clientReference,
        TransactionId: transactionId,
        Amount: amount,
        CustomerPhoneNumber: `0${msisdn.slice(3)}`,
        PaymentDetails: { Channel: network },
        Description: outcome === 'Paid' ? 'The direct debit was successful.' : FAILURE_TEXT[outcome],
      },
    });
  });

  const control = newRouter();
  const controlBody = (/** @type {import('express').Request} */ req) => jsonOf(req) ?? {};

  /** The mandate approved (or refused) on the phone: the provider posts the callback. */
  control.post(['/preapproval/:id/approve', '/preapproval/:id/decline'], async (req, res) => {
    const p = preapprovals.get(String(req.params.id));
    if (!p) return res.status(404).json({ message: 'No such preapproval' });
    await decide(p, req.path.endsWith('/approve') ? 'APPROVED' : 'REJECTED');
    return res.status(200).json({ preapproval: p });
  });

  /** The mandate ended at the network (the customer revoked it there): the next charge fails 'mandate-revoked'. */
  control.post('/preapproval/:id/revoke', (req, res) => {
    const p = preapprovals.get(String(req.params.id));
    if (!p) return res.status(404).json({ message: 'No such preapproval' });
    p.status = 'CANCELLED';
    return res.status(200).json({ preapproval: p });
  });

  /** { msisdn?: '233...', failure?: 'insufficient-funds' | 'mandate-revoked' }: the next charge of that number (or any) fails so. */
  control.post('/direct-debit/fail-next', textBody, (req, res) => {
    const body = controlBody(req);
    const failure = body.failure === 'mandate-revoked' ? 'mandate-revoked' : 'insufficient-funds';
    nextChargeFails.set(String(body.msisdn ?? '*'), failure);
    return res.status(200).json({ msisdn: body.msisdn ?? '*', failure });
  });

  /** The preapprovals (of one number with ?msisdn=) and the charges made on them. */
  control.get('/preapprovals', (req, res) => {
    const msisdn = typeof req.query.msisdn === 'string' ? req.query.msisdn : '';
    return res.status(200).json({
      preapprovals: [...preapprovals.values()].filter((p) => !msisdn || p.customerMsisdn === msisdn),
      charges: charges.filter((c) => !msisdn || c.msisdn === msisdn),
      callbacks: callbacks.length,
    });
  });

  return { api, control };
}
