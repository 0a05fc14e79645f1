// @ts-check
// The USSD network and Hubtel Programmable Services' stand-in (docs/ussd.md): a phone
// simulator page at /ussd that dials the service code and sends each answer to the clinic's
// /ussd exactly as the network does (Initiation, Response with a growing Sequence, Release),
// the USSD checkout an AddToCart answer opens (the mobile-money prompt: approve or decline),
// the fulfilment POST to /ussd/fulfilment with the status API answering Paid for that session
// (a declined prompt posts a failed one),
// and the provider's fulfilment callback the clinic confirms to. Test controls:
// POST /__control/ussd/{SessionId}/pay|decline|timeout, GET /__control/ussd/{SessionId}.
import { randomBytes, randomUUID } from 'node:crypto';
import { escapeHtml, page } from './checkout-page.mjs';
import { bodyText, newRouter, postJson, textBody } from './http.mjs';

/**
 * @typedef {{ ItemName: string, Qty: number, Price: number }} CartItem
 * @typedef {{ sessionId: string, mobile: string, sequence: number, state: 'open' | 'cart' | 'paid' | 'declined' | 'ended',
 *   screens: Record<string, unknown>[], cart?: CartItem, orderId?: string, fulfilments: { status: number | string, at: string }[],
 *   confirmations: Record<string, unknown>[] }} UssdSession
 * @typedef {import('./http.mjs').Log} Log
 * @typedef {{ recordPaid: (merchant: string, clientReference: string, how: { amount: number, phone: string, channel: string }) => void }} PaymentLedger
 */

const GHANA_MOBILE = /^(?:\+?233|0)([235]\d{8})$/;

/**
 * @param {{ payments: PaymentLedger, log: Log, serviceUrl: string, fulfilmentUrl: string, posSalesId: string, shortcode: string }} options
 *   serviceUrl: the clinic's /ussd; fulfilmentUrl: its /ussd/fulfilment; posSalesId: the account the status API knows USSD orders under
 * @returns {import('./http.mjs').Provider}
 */
export function ussdProvider({ payments, log, serviceUrl, fulfilmentUrl, posSalesId, shortcode }) {
  /** @type {Map<string, UssdSession>} */
  const sessions = new Map();
  /** Confirmations that named no session we know (a test reads them too). */
  /** @type {Record<string, unknown>[]} */
  const strayConfirmations = [];

  /** Sends one request to the clinic's service as the network does; answers its JSON (or an error screen). */
  async function ask(/** @type {UssdSession} */ s, /** @type {string} */ type, /** @type {string} */ message) {
    const request = {
      Type: type,
      Mobile: s.mobile,
      SessionId: s.sessionId,
      ServiceCode: shortcode,
      Message: message,
      Operator: 'mtn',
      Sequence: s.sequence,
      ClientState: '',
      Platform: 'USSD',
    };
    let answer;
    try {
      const res = await postJson(serviceUrl, request, 5_000);
      answer = res.ok ? await res.json() : { Type: 'release', Message: `Connection problem (${res.status}). Please try again.` };
    } catch (err) {
      answer = { Type: 'release', Message: `Connection problem or invalid MMI code. (${/** @type {Error} */ (err).message})` };
    }
    s.screens.push(answer);
    const kind = String(answer.Type ?? '').toLowerCase();
    if (kind === 'addtocart') {
      s.state = 'cart';
      s.cart = answer.Item;
      s.orderId = randomBytes(16).toString('hex');
    } else if (kind === 'release') s.state = 'ended';
    return answer;
  }

  const sessionView = (/** @type {UssdSession} */ s) => ({ ...s, screen: s.screens.at(-1) ?? null });

  /** The person approved the mobile-money prompt: the status API answers Paid for the session, then the fulfilment goes out. */
  async function pay(/** @type {UssdSession} */ s, /** @type {{ amount?: number, send?: boolean }} */ opts = {}) {
    const amount = Math.round((opts.amount ?? (s.cart ? s.cart.Price * s.cart.Qty : 0)) * 100) / 100;
    payments.recordPaid(posSalesId, s.sessionId, { amount, phone: s.mobile, channel: 'mtn-gh' });
    s.state = 'paid';
    if (opts.send !== false) await sendFulfilment(s, amount, true);
  }

  /** The person declined the prompt (or it failed): the status API knows no payment, and a failed fulfilment goes out. */
  async function decline(/** @type {UssdSession} */ s, /** @type {{ send?: boolean }} */ opts = {}) {
    s.state = 'declined';
    if (opts.send !== false) await sendFulfilment(s, 0, false);
  }

  /** The provider's fulfilment to the clinic's Service Fulfilment URL (which carries the callback secret). */
  async function sendFulfilment(/** @type {UssdSession} */ s, /** @type {number} */ amount, /** @type {boolean} */ paid) {
    s.orderId ??= randomBytes(16).toString('hex');
    const fulfilment = {
      SessionId: s.sessionId,
      OrderId: s.orderId,
      ExtraData: {},
      OrderInfo: {
        CustomerMobileNumber: s.mobile,
        CustomerEmail: null,
        CustomerName: null,
        Status: paid ? 'Paid' : 'Unpaid',
        OrderDate: new Date().toISOString(),
        Currency: 'GHS',
        BranchName: 'Sandbox',
        IsRecurring: false,
        Subtotal: amount,
        Items: s.cart ? [{ ItemId: randomUUID(), Name: s.cart.ItemName, Quantity: s.cart.Qty, UnitPrice: s.cart.Price }] : [],
        Payment: {
          PaymentType: 'mobilemoney',
          AmountPaid: amount,
          AmountAfterCharges: amount,
          PaymentDate: new Date().toISOString(),
          IsSuccessful: paid,
        },
      },
    };
    try {
      const res = await postJson(fulfilmentUrl, fulfilment, 30_000);
      s.fulfilments.push({ status: res.status, at: new Date().toISOString() });
      log(`ussd sandbox: fulfilment for ${s.sessionId} -> ${res.status}`);
    } catch (err) {
      s.fulfilments.push({ status: 'failed', at: new Date().toISOString() });
      log(`ussd sandbox: fulfilment for ${s.sessionId} failed: ${/** @type {Error} */ (err).message}`);
    }
  }

  const api = newRouter();
  /** @param {import('express').Request} req @returns {Record<string, any>} */
  const json = (req) => {
    try {
      return JSON.parse(bodyText(req) || '{}');
    } catch {
      return {};
    }
  };
  const sessionOf = (/** @type {string} */ id) => sessions.get(id);

  /** The phone simulator. */
  api.get('/ussd', (_req, res) => {
    res.status(200).type('html').send(simulatorPage(shortcode));
  });

  /** The page dials: a new session, Initiation with Sequence 1. */
  api.post('/ussd/dial', textBody, async (req, res) => {
    const match = GHANA_MOBILE.exec(String(json(req).mobile ?? '').replace(/[\s-]/g, ''));
    if (!match) return res.status(400).json({ message: 'Enter a Ghana mobile number, e.g. 024 123 4567.' });
    /** @type {UssdSession} */
    const s = {
      sessionId: randomUUID().replaceAll('-', ''),
      mobile: `233${match[1]}`,
      sequence: 1,
      state: 'open',
      screens: [],
      fulfilments: [],
      confirmations: [],
    };
    sessions.set(s.sessionId, s);
    await ask(s, 'Initiation', shortcode);
    return res.status(200).json(sessionView(s));
  });

  /** The page sends what the person typed: Response with the next Sequence. */
  api.post('/ussd/reply', textBody, async (req, res) => {
    const body = json(req);
    const s = sessionOf(String(body.sessionId));
    if (!s || s.state !== 'open') return res.status(409).json({ message: 'This session has ended. Dial again.' });
    s.sequence += 1;
    await ask(s, 'Response', String(body.message ?? ''));
    return res.status(200).json(sessionView(s));
  });

  /** The person hangs up: Release. */
  api.post('/ussd/hangup', textBody, async (req, res) => {
    const s = sessionOf(String(json(req).sessionId));
    if (!s) return res.status(404).json({ message: 'No such session' });
    if (s.state === 'open') {
      s.sequence += 1;
      await ask(s, 'Release', '');
    }
    s.state = s.state === 'open' ? 'ended' : s.state;
    return res.status(200).json(sessionView(s));
  });

  /** The provider's fulfilment callback (Hubtel: gs-callback.hubtel.com): the clinic confirms the service here. */
  api.post('/ussd/service-callback', textBody, (req, res) => {
    const body = json(req);
    const s = sessionOf(String(body.SessionId ?? ''));
    (s ? s.confirmations : strayConfirmations).push({ ...body, at: new Date().toISOString() });
    return res.status(200).json({ ResponseCode: '0000', Message: 'Success' });
  });

  /** The page's Approve and Decline on the mobile-money prompt, as the controls below. */
  api.post('/ussd/prompt', textBody, async (req, res) => {
    const body = json(req);
    const s = sessionOf(String(body.sessionId));
    if (!s || s.state !== 'cart') return res.status(409).json({ message: 'No payment is waiting for this session.' });
    if (body.approve) await pay(s);
    else await decline(s);
    return res.status(200).json(sessionView(s));
  });

  const control = newRouter();

  /**
   * The person approves the mobile-money prompt of the session's cart: the status API answers
   * Paid for it and the fulfilment is posted. A test running the clinic's app in-process names
   * the amount and the number (no cart passed through here) and may keep the fulfilment to
   * post it itself (send: false).
   */
  /** The session a control names; one made for an in-process test that names the number (no cart passed through here). */
  const controlled = (/** @type {string} */ id, /** @type {Record<string, any>} */ body) => {
    let s = sessionOf(id);
    if (!s && body.mobile) {
      s = {
        sessionId: id,
        mobile: String(body.mobile),
        sequence: 0,
        state: 'cart',
        screens: [],
        fulfilments: [],
        confirmations: [],
      };
      sessions.set(id, s);
    }
    return s;
  };

  control.post('/ussd/:sessionId/pay', textBody, async (req, res) => {
    const body = json(req);
    const s = controlled(String(req.params.sessionId), body);
    if (!s) return res.status(404).json({ message: 'No such session' });
    await pay(s, { amount: body.amount === undefined ? undefined : Number(body.amount), send: body.send !== false });
    return res.status(200).json(sessionView(s));
  });

  /** The person declines the prompt: a failed fulfilment is posted (send: false keeps it for an in-process test). */
  control.post('/ussd/:sessionId/decline', textBody, async (req, res) => {
    const body = json(req);
    const s = controlled(String(req.params.sessionId), body);
    if (!s) return res.status(404).json({ message: 'No such session' });
    await decline(s, { send: body.send !== false });
    return res.status(200).json(sessionView(s));
  });

  /** The network gives up on the person mid-session: Timeout. */
  control.post('/ussd/:sessionId/timeout', textBody, async (req, res) => {
    const s = sessionOf(String(req.params.sessionId));
    if (!s) return res.status(404).json({ message: 'No such session' });
    s.sequence += 1;
    await ask(s, 'Timeout', '');
    s.state = 'ended';
    return res.status(200).json(sessionView(s));
  });

  control.get('/ussd/:sessionId', (req, res) => {
    const s = sessionOf(String(req.params.sessionId));
    if (!s) return res.status(404).json({ message: 'No such session', strayConfirmations });
    return res.status(200).json(sessionView(s));
  });

  return { api, control };
}

/** The phone: a number, Dial, the screen, an answer box, and the mobile-money prompt when a cart is open. */
function simulatorPage(/** @type {string} */ shortcode) {
  return page(
    'Phone simulator (USSD)',
    `<form id="dial-form">
  <label class="field" for="mobile">Phone number</label>
  <input id="mobile" name="mobile" type="tel" autocomplete="off" placeholder="024 123 4567" required>
  <div class="actions"><button class="pay" type="submit">Dial ${escapeHtml(shortcode)}</button></div>
</form>
<section aria-label="Phone screen">
  <pre id="screen" role="status" aria-live="polite" style="white-space:pre-wrap;background:#102a43;color:#f0f4f8;border-radius:8px;padding:12px;min-height:8em;font:15px/1.4 ui-monospace,monospace"></pre>
</section>
<form id="reply-form" hidden>
  <label class="field" for="answer">Your answer</label>
  <input id="answer" name="answer" type="text" autocomplete="off" inputmode="text">
  <div class="actions"><button class="pay" type="submit">Send</button><button class="cancel" type="button" id="hangup">Cancel</button></div>
</form>
<div id="prompt" hidden>
  <p id="prompt-text" class="desc"></p>
  <div class="actions"><button class="pay" type="button" id="approve">Approve</button><button class="cancel" type="button" id="decline">Decline</button></div>
</div>
<script>
  const $ = (id) => document.getElementById(id);
  let sessionId = '';
  async function post(path, body) {
    const res = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return res.json();
  }
  function show(s) {
    if (!s.sessionId) { $('screen').textContent = s.message || 'Something went wrong.'; return; }
    sessionId = s.sessionId;
    const screen = s.screen || {};
    $('screen').textContent = screen.Message || '';
    $('reply-form').hidden = s.state !== 'open';
    $('prompt').hidden = s.state !== 'cart';
    if (s.state === 'cart' && s.cart) $('prompt-text').textContent = 'Mobile money: pay GHS ' + (s.cart.Price * s.cart.Qty).toFixed(2) + ' to ExpMed Health for ' + s.cart.ItemName + '?';
    if (s.state === 'paid') $('screen').textContent += '\\n\\nPayment approved.';
    if (s.state === 'declined') $('screen').textContent += '\\n\\nPayment declined.';
    $('answer').value = '';
    if (s.state === 'open') $('answer').focus();
  }
  $('dial-form').addEventListener('submit', async (e) => { e.preventDefault(); show(await post('/ussd/dial', { mobile: $('mobile').value })); });
  $('reply-form').addEventListener('submit', async (e) => { e.preventDefault(); show(await post('/ussd/reply', { sessionId, message: $('answer').value })); });
  $('hangup').addEventListener('click', async () => show(await post('/ussd/hangup', { sessionId })));
  $('approve').addEventListener('click', async () => show(await post('/ussd/prompt', { sessionId, approve: true })));
  $('decline').addEventListener('click', async () => show(await post('/ussd/prompt', { sessionId, approve: false })));
</script>`,
  );
}
