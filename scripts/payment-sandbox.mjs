// @ts-check
// The payment sandbox: a stand-in for the card and mobile-money provider, speaking its
// protocol exactly (design.md 'Money'): initiate with Basic auth, a hosted checkout page
// (in a frame or alone), a callback POST to callbackUrl, and the status GET. Nothing real
// is charged. Tests steer faults per clientReference through /__control (see below).
//
//   node scripts/payment-sandbox.mjs        listens on 127.0.0.1:5005
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { HOST, PORTS } from './lib/ports.mjs';

/** The sandbox's credentials; functions/.secret.local holds the same value. Not a real key. */
export const SANDBOX_CREDENTIALS = 'sandbox-client-id:sandbox-client-secret';
export const SANDBOX_MERCHANT = '2020000';
export const SANDBOX_URL = `http://${HOST}:${PORTS.paymentSandbox}`;

/**
 * @typedef {{ checkoutId: string, clientReference: string, totalAmount: number, description: string,
 *   callbackUrl: string, returnUrl: string, cancellationUrl: string, merchantAccountNumber: string,
 *   state: 'Open' | 'Paid' | 'Cancelled' }} Checkout
 * @typedef {{ status: 'Paid' | 'Unpaid' | 'Refunded', amount: number, charges: number, amountAfterCharges: number,
 *   transactionId: string, externalTransactionId: string, paymentMethod: string, currencyCode: string,
 *   date: string, clientReference: string, customerPhoneNumber: string, channel: string }} Transaction
 * @typedef {{ failInitiate?: 'http-500' | 'code' | 'hang', statusError?: 'http-500' | 'code',
 *   callback?: 'send' | 'drop', callbackDelayMs?: number, reportAmount?: number }} Faults
 */

/** @param {string} s */
const escapeHtml = (s) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** @param {number} n */
const money = (n) => Math.round(n * 100) / 100;

/** @param {import('node:http').IncomingMessage} req @returns {Promise<string>} */
function readBody(req) {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      data += chunk;
      if (data.length > 64 * 1024) req.destroy(new Error('body too large'));
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

/** @param {import('node:http').ServerResponse} res @param {number} status @param {unknown} body */
function json(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** @param {import('node:http').ServerResponse} res @param {number} status @param {string} html */
function html(res, status, html) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(html);
}

/** @param {import('node:http').ServerResponse} res @param {string} location */
function redirect(res, location) {
  res.writeHead(303, { Location: location });
  res.end();
}

/** Starts the sandbox; resolves with its server and a close(). */
export function startSandbox({ port = PORTS.paymentSandbox, host = HOST, log = console.log } = {}) {
  const expectedAuth = `Basic ${Buffer.from(process.env.PAYMENT_SANDBOX_CREDENTIALS ?? SANDBOX_CREDENTIALS).toString('base64')}`;
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

  /** Marks a checkout paid, answers status Paid from now on, and posts the callback. */
  async function pay(
    /** @type {Checkout} */ checkout,
    /** @type {{ method: 'mobilemoney' | 'card', channel: string, phone: string }} */ how,
  ) {
    const f = faultsFor(checkout.clientReference);
    const amount = money(f.reportAmount ?? checkout.totalAmount);
    const charges = money(amount * 0.0195);
    checkout.state = 'Paid';
    /** @type {Transaction} */
    const tx = {
      status: 'Paid',
      amount,
      charges,
      amountAfterCharges: money(amount - charges),
      transactionId: randomBytes(16).toString('hex'),
      externalTransactionId: String(Date.now()).slice(-11),
      paymentMethod: how.method,
      currencyCode: 'GHS',
      date: new Date().toISOString(),
      clientReference: checkout.clientReference,
      customerPhoneNumber: how.phone,
      channel: how.channel,
    };
    transactions.set(txKey(checkout.merchantAccountNumber, checkout.clientReference), tx);
    const callback = {
      ResponseCode: '0000',
      Status: 'Success',
      Data: {
        CheckoutId: checkout.checkoutId,
        SalesInvoiceId: randomBytes(16).toString('hex'),
        ClientReference: checkout.clientReference,
        Status: 'Success',
        Amount: amount,
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
        const res = await fetch(checkout.callbackUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(callback),
          signal: AbortSignal.timeout(30_000),
        });
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

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  async function handle(req, res) {
    const url = new URL(req.url ?? '/', `http://${host}:${port}`);
    const path = url.pathname;
    const method = req.method ?? 'GET';

    if (method === 'GET' && path === '/health') return json(res, 200, { status: 'ok' });

    // ---- The provider's API -------------------------------------------------------------
    if (method === 'POST' && path === '/items/initiate') {
      if (req.headers.authorization !== expectedAuth) return json(res, 401, { responseCode: '4010', message: 'Unauthorized' });
      /** @type {Record<string, unknown>} */
      let body;
      try {
        body = JSON.parse(await readBody(req));
      } catch {
        return json(res, 400, { responseCode: '4000', message: 'Invalid JSON' });
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
        return json(res, 400, { responseCode: '2001', message: `Invalid request: ${missing.join(', ') || 'totalAmount'}` });
      }
      const clientReference = String(body.clientReference);
      const f = faultsFor(clientReference);
      if (f.failInitiate === 'http-500') return json(res, 500, { responseCode: '5000', message: 'Internal error' });
      if (f.failInitiate === 'code')
        return json(res, 200, { responseCode: '2001', status: 'Error', message: 'Request could not be processed' });
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
      const base = `http://${req.headers.host ?? `${host}:${port}`}`;
      return json(res, 200, {
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
    }

    const statusMatch = /^\/transactions\/([^/]+)\/status$/.exec(path);
    if (method === 'GET' && statusMatch) {
      if (req.headers.authorization !== expectedAuth) return json(res, 401, { responseCode: '4010', message: 'Unauthorized' });
      const ref = url.searchParams.get('clientReference') ?? '';
      const f = faultsFor(ref);
      if (f.statusError === 'http-500') return json(res, 500, { responseCode: '5000', message: 'Internal error' });
      if (f.statusError === 'code') return json(res, 200, { responseCode: '4000', message: 'Service unavailable' });
      const tx = transactions.get(txKey(decodeURIComponent(statusMatch[1]), ref));
      if (!tx) return json(res, 404, { responseCode: '4040', message: 'Transaction not found' });
      const { customerPhoneNumber: _p, channel: _c, ...data } = tx;
      return json(res, 200, { responseCode: '0000', message: 'Successful', data: { ...data, isFulfilled: null } });
    }

    // ---- The hosted checkout page (works in a frame and alone) --------------------------
    const pageMatch = /^\/checkout\/(?:direct\/)?([a-f0-9]+)$/.exec(path);
    if (method === 'GET' && pageMatch) {
      const checkout = checkouts.get(pageMatch[1]);
      if (!checkout) return html(res, 404, page('Checkout not found', '<p>This checkout link is not valid or has expired.</p>'));
      return html(res, 200, checkoutPage(checkout, url.searchParams.get('phone') ?? ''));
    }

    const actionMatch = /^\/checkout\/([a-f0-9]+)\/(pay|cancel)$/.exec(path);
    if (method === 'POST' && actionMatch) {
      const checkout = checkouts.get(actionMatch[1]);
      if (!checkout) return html(res, 404, page('Checkout not found', '<p>This checkout link is not valid or has expired.</p>'));
      const form = new URLSearchParams(await readBody(req));
      if (actionMatch[2] === 'cancel') {
        if (checkout.state === 'Open') checkout.state = 'Cancelled';
        return redirect(res, checkout.cancellationUrl);
      }
      if (checkout.state !== 'Open') {
        return html(res, 409, page('Already completed', `<p>This checkout is already ${checkout.state.toLowerCase()}.</p>`));
      }
      const method = form.get('method') === 'card' ? 'card' : 'mobilemoney';
      const phone = (form.get('phone') ?? '').replace(/\s+/g, '');
      const card = (form.get('cardNumber') ?? '').replace(/\s+/g, '');
      if (method === 'mobilemoney' && !/^(\+?233|0)\d{9}$/.test(phone)) {
        return html(res, 400, checkoutPage(checkout, phone, 'Enter a Ghana mobile number, e.g. 024 123 4567.'));
      }
      if (method === 'card' && !/^\d{12,19}$/.test(card)) {
        return html(res, 400, checkoutPage(checkout, phone, 'Enter a card number of 12 to 19 digits.'));
      }
      const channel = method === 'card' ? 'card' : `${(form.get('network') ?? 'mtn').toLowerCase()}-gh`;
      await pay(checkout, { method, channel, phone: method === 'card' ? '' : phone });
      return html(
        res,
        200,
        page(
          'Payment successful',
          `<p class="ok" role="status">Payment successful. GHS ${checkout.totalAmount.toFixed(2)} received.</p>
           <p>You can close this window.</p>
           <p><a href="${escapeHtml(checkout.returnUrl)}">Return to the merchant</a></p>`,
          `<meta http-equiv="refresh" content="2;url=${escapeHtml(checkout.returnUrl)}">`,
        ),
      );
    }

    // ---- Test control (not part of the provider's protocol) -----------------------------
    if (path.startsWith('/__control')) {
      if (method === 'POST' && path === '/__control/faults') {
        const body = JSON.parse((await readBody(req)) || '{}');
        const ref = String(body.clientReference ?? '*');
        faults.set(ref, { ...faults.get(ref), ...body.faults });
        return json(res, 200, { clientReference: ref, faults: faults.get(ref) });
      }
      if (method === 'POST' && path === '/__control/reset') {
        const body = JSON.parse((await readBody(req)) || '{}');
        if (body.clientReference) faults.delete(String(body.clientReference));
        else faults.clear();
        return json(res, 200, { reset: body.clientReference ?? 'all' });
      }
      if (method === 'POST' && path === '/__control/pay') {
        // Pays the latest checkout of a reference as if a person had pressed Pay.
        const body = JSON.parse((await readBody(req)) || '{}');
        const checkout = [...checkouts.values()].reverse().find((c) => c.clientReference === body.clientReference);
        if (!checkout) return json(res, 404, { message: 'No checkout for that clientReference' });
        await pay(checkout, {
          method: body.method === 'card' ? 'card' : 'mobilemoney',
          channel: body.channel ?? 'mtn-gh',
          phone: body.phone ?? '0241234567',
        });
        return json(res, 200, {
          checkout,
          transaction: transactions.get(txKey(checkout.merchantAccountNumber, checkout.clientReference)),
        });
      }
      if (method === 'GET' && path === '/__control/checkouts') {
        const ref = url.searchParams.get('clientReference');
        return json(res, 200, {
          checkouts: [...checkouts.values()].filter((c) => !ref || c.clientReference === ref),
          callbacks: callbacksSent.filter((c) => !ref || c.clientReference === ref),
        });
      }
    }

    return json(res, 404, { responseCode: '4040', message: `No ${method} ${path} here` });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((/** @type {Error} */ err) => {
      log(`payment sandbox: ${err.stack ?? err}`);
      if (!res.headersSent) json(res, 500, { responseCode: '5000', message: 'Sandbox error' });
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      log(`Payment sandbox listening on http://${host}:${port}`);
      resolve({ server, close: () => new Promise((r) => server.close(() => r(undefined))) });
    });
  });
}

/** @param {string} title @param {string} body @param {string} [head] */
function page(title, body, head = '') {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Payment sandbox</title>
<style>
  *{box-sizing:border-box} body{margin:0;font:16px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2933;background:#f4f6f8}
  main{max-width:420px;margin:0 auto;padding:16px} h1{font-size:1.15rem;margin:.2rem 0 .6rem}
  .banner{background:#fff3cd;color:#5c4400;border-radius:6px;padding:6px 10px;font-size:.85rem;margin-bottom:12px}
  .amount{font-size:1.6rem;font-weight:700;margin:.2rem 0} .desc{color:#52606d;margin:0 0 12px}
  fieldset{border:0;padding:0;margin:0 0 12px} legend{font-weight:600;margin-bottom:6px}
  .tabs{display:flex;gap:8px} .tabs label{flex:1;border:2px solid #cbd2d9;border-radius:8px;padding:10px;text-align:center;cursor:pointer;background:#fff}
  .tabs input{position:absolute;opacity:0} .tabs input:checked+span{font-weight:700} .tabs label:has(input:checked){border-color:#0b6e4f}
  .tabs label:has(input:focus-visible){outline:3px solid #1d4ed8}
  label.field{display:block;margin:10px 0 4px;font-weight:600} input[type=text],input[type=tel],select{width:100%;padding:10px;border:1px solid #9aa5b1;border-radius:6px;font:inherit;background:#fff}
  .actions{display:flex;gap:8px;margin-top:16px} button{flex:1;padding:12px;border-radius:8px;font:inherit;font-weight:700;cursor:pointer;border:2px solid #0b6e4f}
  .pay{background:#0b6e4f;color:#fff} .cancel{background:#fff;color:#0b6e4f}
  .error{color:#b42318;font-weight:600} .ok{color:#0b6e4f;font-weight:700;font-size:1.1rem}
  #card-fields[hidden],#momo-fields[hidden]{display:none}
</style></head><body><main>
<div class="banner">Payment sandbox: no real money moves.</div>
<h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>`;
}

/** @param {Checkout} checkout @param {string} phone @param {string} [error] */
function checkoutPage(checkout, phone, error) {
  if (checkout.state === 'Paid')
    return page('Payment successful', '<p class="ok" role="status">This checkout has been paid. You can close this window.</p>');
  if (checkout.state === 'Cancelled')
    return page('Payment cancelled', '<p>This checkout was cancelled. You can close this window.</p>');
  return page(
    'Pay securely',
    `<p class="amount">GHS ${checkout.totalAmount.toFixed(2)}</p>
<p class="desc">${escapeHtml(checkout.description)}</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/checkout/${checkout.checkoutId}/pay">
  <fieldset><legend>Pay with</legend>
    <div class="tabs">
      <label><input type="radio" name="method" value="mobilemoney" checked><span>Mobile Money</span></label>
      <label><input type="radio" name="method" value="card"><span>Card</span></label>
    </div>
  </fieldset>
  <div id="momo-fields">
    <label class="field" for="network">Network</label>
    <select id="network" name="network"><option value="MTN">MTN</option><option value="Vodafone">Vodafone</option><option value="AirtelTigo">AirtelTigo</option></select>
    <label class="field" for="phone">Mobile Money number</label>
    <input id="phone" name="phone" type="tel" inputmode="tel" autocomplete="tel" placeholder="024 123 4567" value="${escapeHtml(phone)}">
  </div>
  <div id="card-fields" hidden>
    <label class="field" for="cardNumber">Card number</label>
    <input id="cardNumber" name="cardNumber" type="text" inputmode="numeric" autocomplete="cc-number" placeholder="4111 1111 1111 1111">
    <label class="field" for="expiry">Expiry (MM/YY)</label>
    <input id="expiry" name="expiry" type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="12/29">
    <label class="field" for="cvv">CVV</label>
    <input id="cvv" name="cvv" type="text" inputmode="numeric" autocomplete="cc-csc" placeholder="123">
  </div>
  <div class="actions">
    <button class="pay" type="submit">Pay</button>
    <button class="cancel" type="submit" formaction="/checkout/${checkout.checkoutId}/cancel">Cancel</button>
  </div>
</form>
<script>
  for (const r of document.querySelectorAll('input[name=method]')) r.addEventListener('change', () => {
    const card = document.querySelector('input[name=method]:checked').value === 'card';
    document.getElementById('card-fields').hidden = !card;
    document.getElementById('momo-fields').hidden = card;
  });
</script>`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { close } = await startSandbox();
  const stop = async () => {
    await close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
