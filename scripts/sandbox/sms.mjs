// @ts-check
// The SMS provider's stand-in (docs/notifications.md): Hubtel's 'send message' API,
// POST /v1/messages/send with Basic auth (client id and secret) and JSON { From, To, Content },
// and the quick-send GET with the same fields in the query. It answers
// { MessageId, Status: 0, Rate, NetworkId } and records each message. Tests read what was sent
// (GET /__control/sms) and make the next sends to a number fail (POST /__control/sms/faults).
import { randomUUID } from 'node:crypto';
import { bodyText, newRouter, queryParam, textBody } from './http.mjs';

/**
 * @typedef {{ messageId: string, from: string, to: string, content: string, at: string }} SentSms
 * @typedef {{ count: number, status: number }} SmsFault the next `count` sends answer `status`
 * @typedef {import('./http.mjs').Log} Log
 */

/** Numbers the provider takes: Ghana's, with or without the plus. */
const GHANA_NUMBER = /^\+?233[1-9]\d{8}$/;

/**
 * @param {{ credentials: string, log: Log }} options credentials: `clientId:clientSecret`
 * @returns {import('./http.mjs').Provider & { deliver: (to: string, content: string) => void }}
 */
export function smsProvider({ credentials, log }) {
  const expectedAuth = `Basic ${Buffer.from(credentials).toString('base64')}`;
  const [clientId, clientSecret] = credentials.split(':');
  /** @type {SentSms[]} */
  const sent = [];
  /** @type {Map<string, SmsFault>} by recipient ('*' for every one) */
  const faults = new Map();

  /** The fault the next send to `to` meets, used up one at a time. */
  const takeFault = (/** @type {string} */ to) => {
    for (const key of [to, '*']) {
      const fault = faults.get(key);
      if (fault && fault.count > 0) {
        fault.count -= 1;
        if (fault.count === 0) faults.delete(key);
        return fault.status;
      }
    }
    return undefined;
  };

  /** @param {import('express').Response} res @param {{ From?: unknown, To?: unknown, Content?: unknown }} msg */
  function send(res, msg) {
    const to = String(msg.To ?? '');
    const content = String(msg.Content ?? '');
    const from = String(msg.From ?? '');
    if (!GHANA_NUMBER.test(to)) return res.status(400).json({ Status: 400, Message: `Invalid destination address: ${to}` });
    if (!content) return res.status(400).json({ Status: 400, Message: 'Content is required' });
    if (!from || from.length > 11) return res.status(400).json({ Status: 400, Message: 'Invalid sender id' });
    const fault = takeFault(to);
    if (fault) return res.status(fault).json({ Status: fault, Message: `Sandbox fault: answering ${fault}` });
    const message = { messageId: randomUUID(), from, to, content, at: new Date().toISOString() };
    sent.push(message);
    log(`sms sandbox: ${to} <- ${content}`);
    return res
      .status(200)
      .json({ MessageId: message.messageId, Status: 0, Rate: Math.ceil(content.length / 153), NetworkId: '62001' });
  }

  const api = newRouter();
  api.post('/v1/messages/send', textBody, (req, res) => {
    if (req.get('authorization') !== expectedAuth) return res.status(401).json({ Status: 401, Message: 'Unauthorized' });
    let msg;
    try {
      msg = JSON.parse(bodyText(req));
    } catch {
      return res.status(400).json({ Status: 400, Message: 'Malformed JSON' });
    }
    return send(res, msg ?? {});
  });
  api.get('/v1/messages/send', (req, res) => {
    if (queryParam(req, 'clientid') !== clientId || queryParam(req, 'clientsecret') !== clientSecret) {
      return res.status(401).json({ Status: 401, Message: 'Unauthorized' });
    }
    return send(res, { From: queryParam(req, 'from'), To: queryParam(req, 'to'), Content: queryParam(req, 'content') });
  });

  const control = newRouter();
  /** What was sent, oldest first; ?to=+233... for one number's. */
  control.get('/sms', (req, res) => {
    const to = queryParam(req, 'to');
    res.status(200).json({ messages: to ? sent.filter((m) => m.to === to) : sent });
  });
  /** { to?: '+233...', count: N, status: 500 | 400 | ... }: the next N sends to that number (or any) fail so. */
  control.post('/sms/faults', textBody, (req, res) => {
    let body;
    try {
      body = JSON.parse(bodyText(req) || '{}');
    } catch {
      return res.status(400).json({ message: 'Malformed JSON' });
    }
    const fault = { count: Number(body.count ?? 1), status: Number(body.status ?? 500) };
    faults.set(String(body.to ?? '*'), fault);
    return res.status(200).json({ to: body.to ?? '*', ...fault });
  });
  /** Forgets the messages and faults (of one number with { to }). */
  control.post('/sms/reset', textBody, (req, res) => {
    let body = {};
    try {
      body = JSON.parse(bodyText(req) || '{}');
    } catch {
      // nothing: reset all
    }
    const to = /** @type {{ to?: string }} */ (body).to;
    if (to) {
      faults.delete(to);
      for (let i = sent.length - 1; i >= 0; i--) if (sent[i].to === to) sent.splice(i, 1);
    } else {
      faults.clear();
      sent.length = 0;
    }
    res.status(200).json({ reset: to ?? 'all' });
  });
  /** A message another stand-in sends to a phone (the direct debit's OTP): recorded like any other. */
  const deliver = (/** @type {string} */ to, /** @type {string} */ content) => {
    sent.push({ messageId: randomUUID(), from: 'Hubtel', to, content, at: new Date().toISOString() });
    log(`sms sandbox: ${to} <- ${content}`);
  };
  return { api, control, deliver };
}
