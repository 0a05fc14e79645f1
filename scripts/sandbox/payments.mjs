// @ts-check
// The payment provider's stand-in (docs/money.md): initiate with Basic auth, the hosted
// checkout page, a callback POST to callbackUrl, and the status GET; plus the /__control
// routes tests steer faults with, per clientReference (functions/src/test-support/payments.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import { checkoutPage, escapeHtml, page } from './checkout-page.mjs';
import { bodyText, newRouter, postJson, queryParam, textBody } from './http.mjs';

/**
 * @typedef {{ checkoutId: string, clientReference: string, totalAmount: number, description: string,
 *   callbackUrl: string, returnUrl: string, cancellationUrl: string, merchantAccountNumber: string,
 *   state: 'Open' | 'Paid' | 'Cancelled' | 'Closed' }} Checkout
 * @typedef {{ status: 'Paid' | 'Unpaid' | 'Refunded', amount: number, charges: number, amountAfterCharges: number,
 *   transactionId: string, externalTransactionId: string, paymentMethod: string, currencyCode: string,
 *   date: string, clientReference: string, customerPhoneNumber: string, channel: string }} Transaction
 * @typedef {{ failInitiate?: 'http-500' | 'code' | 'hang', statusError?: 'http-500' | 'code',
 *   callback?: 'send' | 'drop', callbackDelayMs?: number, reportAmount?: number,
 *   closeUnsupported?: boolean }} Faults
 * @typedef {import('./http.mjs').Log} Log
 */

/** @param {number} n */
const money = (n) => Math.round(n * 100) / 100;

const CHECKOUT_ID = /^[a-f0-9]+$/;

/**
 * The payment provider: its API, its hosted checkout page, and the controls tests steer it with.
 * @param {{ credentials: string, fallbackHost: string, log: Log }} options fallbackHost: for checkout
 *   URLs when a request names no Host
 * @returns {import('./http.mjs').Provider & import('./ussd.mjs').PaymentLedger}
 */
export function paymentProvider({ credentials, fallbackHost, log }) {
  const expectedAuth = `Basic ${Buffer.from(credentials).toString('base64')}`;
  /** @type {Map<string, Checkout>} by checkoutId */
  const checkouts = new Map();
  /** @type {Map<string, Transaction>} by `${merchant}/${clientReference}` */
  const transactions = new Map();
  /** @type {Map<string, Faults>} by clientReference, '*' for every reference */
  const faults = new Map();
  /** @type {{ clientReference: string, status: number | string, at: string }[]} */
  const callbacksSent = [];

  /** @param {string} ref @returns {Faults} */
  const faultsFor = (ref) => ({ ...faults.get('*'), ...faults.get(ref) });
  /** @param {string} merchant @param {string} ref */
  const txKey = (merchant, ref) => `${merchant}/${ref}`;

  /**
   * What the status API answers for a paid reference (the provider keeps about 1.95% in charges).
   * @param {number} paid @param {string} clientReference
   * @param {{ method: 'mobilemoney' | 'card', channel: string, phone: string }} how
   * @returns {Transaction}
   */
  const paidTransaction = (paid, clientReference, how) => {
    const amount = money(paid);
    const charges = money(amount * 0.0195);
    return {
      status: 'Paid',
      amount,
      charges,
      amountAfterCharges: money(amount - charges),
      transactionId: randomBytes(16).toString('hex'),
      externalTransactionId: String(Date.now()).slice(-11),
      paymentMethod: how.method,
      currencyCode: 'GHS',
      date: new Date().toISOString(),
      clientReference,
      customerPhoneNumber: how.phone,
      channel: how.channel,
    };
  };

  /** Marks a checkout paid, answers status Paid from now on, and posts the callback. */
  async function pay(
    /** @type {Checkout} */ checkout,
    /** @type {{ method: 'mobilemoney' | 'card', channel: string, phone: string }} */ how,
  ) {
    const f = faultsFor(checkout.clientReference);
    checkout.state = 'Paid';
    const tx = paidTransaction(f.reportAmount ?? checkout.totalAmount, checkout.clientReference, how);
    transactions.set(txKey(checkout.merchantAccountNumber, checkout.clientReference), tx);
    const callback = {
      ResponseCode: '0000',
      Status: 'Success',
      Data: {
        CheckoutId: checkout.checkoutId,
        SalesInvoiceId: randomBytes(16).toString('hex'),
        ClientReference: checkout.clientReference,
        Status: 'Success',
        Amount: tx.amount,
        CustomerPhoneNumber: how.phone,
        PaymentDetails: { MobileMoneyNumber: how.phone, PaymentType: how.method, Channel: how.channel },
        Description: 'The payment was successful.',
      },
    };
    if (f.callback === 'drop') {
      callbacksSent.push({ clientReference: checkout.clientReference, status: 'dropped', at: new Date().toISOString() });
      return;
    }
    const send = async () => {
      try {
        const res = await postJson(checkout.callbackUrl, callback, 30_000);
        callbacksSent.push({ clientReference: checkout.clientReference, status: res.status, at: new Date().toISOString() });
        log(`payment sandbox: callback for ${checkout.clientReference} -> ${res.status}`);
      } catch (err) {
        callbacksSent.push({ clientReference: checkout.clientReference, status: 'failed', at: new Date().toISOString() });
        log(`payment sandbox: callback for ${checkout.clientReference} failed: ${/** @type {Error} */ (err).message}`);
      }
    };
    if (f.callbackDelayMs) setTimeout(send, f.callbackDelayMs);
    else await send();
  }

  // ---- The provider's API ---------------------------------------------------------------
  const api = newRouter();

  /** @type {import('express').RequestHandler} */
  const basicAuth = (req, res, next) => {
    if (req.headers.authorization !== expectedAuth)
      return res.status(401).json({ responseCode: '4010', message: 'Unauthorized' });
    return next();
  };

  /** POST {base}/items/initiate: opens a checkout and answers its page's addresses. */
  api.post('/items/initiate', basicAuth, textBody, (req, res) => {
    /** @type {Record<string, unknown>} */
    let body;
    try {
      body = JSON.parse(bodyText(req));
    } catch {
      return res.status(400).json({ responseCode: '4000', message: 'Invalid JSON' });
    }
    const missing = [
      'totalAmount',
      'description',
      'callbackUrl',
      'returnUrl',
      'cancellationUrl',
      'merchantAccountNumber',
      'clientReference',
    ].filter((k) => body[k] === undefined || body[k] === '');
    const totalAmount = Number(body.totalAmount);
    if (missing.length || !(totalAmount > 0)) {
      return res.status(400).json({ responseCode: '2001', message: `Invalid request: ${missing.join(', ') || 'totalAmount'}` });
    }
    const clientReference = String(body.clientReference);
    const f = faultsFor(clientReference);
    if (f.failInitiate === 'http-500') return res.status(500).json({ responseCode: '5000', message: 'Internal error' });
    if (f.failInitiate === 'code')
      return res.status(200).json({ responseCode: '2001', status: 'Error', message: 'Request could not be processed' });
    if (f.failInitiate === 'hang') return; // never answers: the caller's timeout must fire
    const checkoutId = randomUUID().replaceAll('-', '');
    checkouts.set(checkoutId, {
      checkoutId,
      clientReference,
      totalAmount: money(totalAmount),
      description: String(body.description),
      callbackUrl: String(body.callbackUrl),
      returnUrl: String(body.returnUrl),
      cancellationUrl: String(body.cancellationUrl),
      merchantAccountNumber: String(body.merchantAccountNumber),
      state: 'Open',
    });
    const key = txKey(String(body.merchantAccountNumber), clientReference);
    if (transactions.get(key)?.status !== 'Paid') {
      transactions.set(key, {
        status: 'Unpaid',
        amount: money(totalAmount),
        charges: 0,
        amountAfterCharges: 0,
        transactionId: '',
        externalTransactionId: '',
        paymentMethod: '',
        currencyCode: 'GHS',
        date: new Date().toISOString(),
        clientReference,
        customerPhoneNumber: '',
        channel: '',
      });
    }
    const base = `http://${req.headers.host ?? fallbackHost}`;
    return res.status(200).json({
      responseCode: '0000',
      status: 'Success',
      data: {
        checkoutUrl: `${base}/checkout/${checkoutId}`,
        checkoutId,
        clientReference,
        message: '',
        checkoutDirectUrl: `${base}/checkout/direct/${checkoutId}`,
      },
    });
  });

  /** GET {statusBase}/transactions/{merchant}/status?clientReference=: what the provider knows of a payment. */
  api.get('/transactions/:merchant/status', basicAuth, (req, res) => {
    const ref = queryParam(req, 'clientReference') ?? '';
    const f = faultsFor(ref);
    if (f.statusError === 'http-500') return res.status(500).json({ responseCode: '5000', message: 'Internal error' });
    if (f.statusError === 'code') return res.status(200).json({ responseCode: '4000', message: 'Service unavailable' });
    const tx = transactions.get(txKey(String(req.params.merchant), ref));
    if (!tx) return res.status(404).json({ responseCode: '4040', message: 'Transaction not found' });
    const { customerPhoneNumber: _p, channel: _c, ...data } = tx;
    return res.status(200).json({ responseCode: '0000', message: 'Successful', data: { ...data, isFulfilled: null } });
  });

  // ---- The hosted checkout page (works in a frame and alone) ----------------------------
  const notFoundPage = page('Checkout not found', '<p>This checkout link is not valid or has expired.</p>');

  /** The checkout a route's :checkoutId names, or null when it names none (404 page). */
  const checkoutOf = (/** @type {import('express').Request} */ req) => checkouts.get(String(req.params.checkoutId)) ?? null;

  /** Only hex ids are checkout addresses; anything else falls through to the sandbox's 404. */
  api.param('checkoutId', (_req, _res, next, id) => (CHECKOUT_ID.test(String(id)) ? next() : next('route')));

  /**
   * POST {base}/items/{checkoutId}/cancel: the merchant closes an open checkout (the desk took the
   * money another way), so its page takes nothing more. 409 once paid; 404 for an unknown
   * checkout, and with the closeUnsupported fault, as a provider without this call would answer.
   */
  api.post('/items/:checkoutId/cancel', basicAuth, textBody, (req, res) => {
    const checkout = checkoutOf(req);
    if (!checkout || faultsFor(checkout.clientReference).closeUnsupported)
      return res.status(404).json({ responseCode: '4040', message: 'Checkout not found' });
    if (checkout.state === 'Paid') return res.status(409).json({ responseCode: '4090', message: 'Checkout already paid' });
    checkout.state = 'Closed';
    return res
      .status(200)
      .json({ responseCode: '0000', status: 'Success', data: { checkoutId: checkout.checkoutId, state: 'Closed' } });
  });

  /** GET /checkout/{id} (in the merchant's frame) and /checkout/direct/{id} (alone): the page. */
  api.get(['/checkout/:checkoutId', '/checkout/direct/:checkoutId'], (req, res) => {
    const checkout = checkoutOf(req);
    if (!checkout) return res.status(404).type('html').send(notFoundPage);
    return res
      .status(200)
      .type('html')
      .send(checkoutPage(checkout, queryParam(req, 'phone') ?? ''));
  });

  /** The page's Pay button: mobile money (a Ghana number) or card; posts the callback. */
  api.post('/checkout/:checkoutId/pay', textBody, async (req, res) => {
    const checkout = checkoutOf(req);
    if (!checkout) return res.status(404).type('html').send(notFoundPage);
    if (checkout.state === 'Closed') return res.status(409).type('html').send(checkoutPage(checkout, ''));
    if (checkout.state !== 'Open') {
      return res
        .status(409)
        .type('html')
        .send(page('Already completed', `<p>This checkout is already ${checkout.state.toLowerCase()}.</p>`));
    }
    const form = new URLSearchParams(bodyText(req));
    const method = form.get('method') === 'card' ? 'card' : 'mobilemoney';
    const phone = (form.get('phone') ?? '').replace(/\s+/g, '');
    const card = (form.get('cardNumber') ?? '').replace(/\s+/g, '');
    if (method === 'mobilemoney' && !/^(\+?233|0)\d{9}$/.test(phone)) {
      return res
        .status(400)
        .type('html')
        .send(checkoutPage(checkout, phone, 'Enter a Ghana mobile number, e.g. 024 123 4567.'));
    }
    if (method === 'card' && !/^\d{12,19}$/.test(card)) {
      return res
        .status(400)
        .type('html')
        .send(checkoutPage(checkout, phone, 'Enter a card number of 12 to 19 digits.'));
    }
    const channel = method === 'card' ? 'card' : `${(form.get('network') ?? 'mtn').toLowerCase()}-gh`;
    await pay(checkout, { method, channel, phone: method === 'card' ? '' : phone });
    return res
      .status(200)
      .type('html')
      .send(
        page(
          'Payment successful',
          `<p class="ok" role="status">Payment successful. GHS ${checkout.totalAmount.toFixed(2)} received.</p>
           <p>Taking you back to the merchant… <a href="${escapeHtml(checkout.returnUrl)}">Go back now</a></p>`,
          `<meta http-equiv="refresh" content="1;url=${escapeHtml(checkout.returnUrl)}">`,
        ),
      );
  });

  /** The page's Cancel button: an open checkout is cancelled; back to the merchant either way. */
  api.post('/checkout/:checkoutId/cancel', textBody, (req, res) => {
    const checkout = checkoutOf(req);
    if (!checkout) return res.status(404).type('html').send(notFoundPage);
    if (checkout.state === 'Open') checkout.state = 'Cancelled';
    return res.status(303).location(checkout.cancellationUrl).end(); // no body, as the provider
  });

  // ---- Test control (not part of the provider's protocol) -------------------------------
  const control = newRouter();

  /** @param {import('express').Request} req @returns {Record<string, any>} */
  const controlBody = (req) => JSON.parse(bodyText(req) || '{}');

  /** Faults for one clientReference ('*' or none: for every reference), merged into those set before. */
  control.post('/faults', textBody, (req, res) => {
    const body = controlBody(req);
    const ref = String(body.clientReference ?? '*');
    faults.set(ref, { ...faults.get(ref), ...body.faults });
    return res.status(200).json({ clientReference: ref, faults: faults.get(ref) });
  });

  /** Clears the faults of one clientReference, or all of them. */
  control.post('/reset', textBody, (req, res) => {
    const body = controlBody(req);
    if (body.clientReference) faults.delete(String(body.clientReference));
    else faults.clear();
    return res.status(200).json({ reset: body.clientReference ?? 'all' });
  });

  /** Pays the latest checkout of a reference as if a person had pressed Pay. */
  control.post('/pay', textBody, async (req, res) => {
    const body = controlBody(req);
    const checkout = [...checkouts.values()].reverse().find((c) => c.clientReference === body.clientReference);
    if (!checkout) return res.status(404).json({ message: 'No checkout for that clientReference' });
    if (checkout.state === 'Closed') return res.status(409).json({ message: 'The merchant closed this checkout', checkout });
    await pay(checkout, {
      method: body.method === 'card' ? 'card' : 'mobilemoney',
      channel: body.channel ?? 'mtn-gh',
      phone: body.phone ?? '0241234567',
    });
    return res.status(200).json({
      checkout,
      transaction: transactions.get(txKey(checkout.merchantAccountNumber, checkout.clientReference)),
    });
  });

  /** The checkouts and the callbacks sent, of one reference or all. */
  control.get('/checkouts', (req, res) => {
    const ref = queryParam(req, 'clientReference');
    return res.status(200).json({
      checkouts: [...checkouts.values()].filter((c) => !ref || c.clientReference === ref),
      callbacks: callbacksSent.filter((c) => !ref || c.clientReference === ref),
    });
  });

  /**
   * A payment taken outside the hosted checkout (the USSD checkout, scripts/sandbox/ussd.mjs):
   * the status API answers Paid for that reference under that account from now on.
   * @type {import('./ussd.mjs').PaymentLedger['recordPaid']}
   */
  const recordPaid = (merchant, clientReference, how) => {
    transactions.set(
      txKey(merchant, clientReference),
      paidTransaction(how.amount, clientReference, { method: 'mobilemoney', channel: how.channel, phone: how.phone }),
    );
  };

  return { api, control, recordPaid };
}
