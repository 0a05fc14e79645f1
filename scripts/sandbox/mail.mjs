// @ts-check
// The mail provider's stand-in (docs/notifications.md): an SMTP sink on 127.0.0.1:2525 that
// takes what the functions' mail sender (functions/src/notifications/mail-sender.ts) sends, as
// the clinic's provider would: a login with the sandbox account (functions/.secret.local
// SMTP_USER, SMTP_PASSWORD; no TLS on this machine), then the mail. It keeps each one as its
// recipient's mailbox would get it, parsed (subject, text, HTML, attachments, headers), and
// shows them at GET /mail (JSON), so tests read mail as delivered, not as written. Like the SMS
// stand-in (sandbox/sms.mjs), tests make it refuse the next sends to an address
// (POST /__control/mail/faults) and forget what it holds (POST /__control/mail/reset).
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { bodyText, newRouter, queryParam, textBody } from './http.mjs';

/**
 * @typedef {{ filename: string, contentType: string, content: string }} ReceivedAttachment content as UTF-8 text (an .ics)
 * @typedef {{ messageId: string, mailId: string, from: string, to: string, replyTo: string, subject: string,
 *   text: string, html: string, attachments: ReceivedAttachment[], headers: Record<string, string>, at: string }} ReceivedMail
 *   one mailbox's copy; mailId is the X-Mail-ID header (the `mail` document's id); headers as sent, unfolded
 * @typedef {{ count: number, code: number }} MailFault the next `count` sends to an address are refused with `code`
 * @typedef {import('./http.mjs').Log} Log
 */

/** Refusals that say "try again later", as a provider's greylisting or a full mailbox does. */
export const SINK_FAULT_DEFAULT = 451;

/**
 * An attachment's Content-Type as sent, with its parameters (an invitation's `method=REQUEST`,
 * which calendars read) but the file's `name`, which `filename` has already.
 * @param {import('mailparser').Attachment} attachment
 */
function typeWithParams(attachment) {
  const header = /** @type {{ value?: string, params?: Record<string, string> } | undefined} */ (
    attachment.headers.get('content-type')
  );
  const params = Object.entries(header?.params ?? {}).filter(([name]) => name !== 'name');
  return [attachment.contentType, ...params.map(([name, value]) => `${name}=${value}`)].join('; ');
}

/**
 * @param {{ credentials: string, log: Log }} options credentials: `user:password` of the sandbox's SMTP account
 * @returns {import('./http.mjs').Provider & { listen: (port: number, host: string) => Promise<void>, close: () => Promise<void> }}
 */
export function mailSink({ credentials, log }) {
  const [user, password] = credentials.split(':');
  /** @type {ReceivedMail[]} */
  const received = [];
  /** @type {Map<string, MailFault>} by address, lower case ('*' for every one) */
  const faults = new Map();

  /** The refusal the next send to `to` meets, used up one at a time. */
  const takeFault = (/** @type {string} */ to) => {
    for (const key of [to, '*']) {
      const fault = faults.get(key);
      if (fault && fault.count > 0) {
        fault.count -= 1;
        if (fault.count === 0) faults.delete(key);
        return fault.code;
      }
    }
    return undefined;
  };

  /** An SMTP reply with its code, as smtp-server sends an error's responseCode. */
  const refusal = (/** @type {number} */ code, /** @type {string} */ message) =>
    Object.assign(new Error(message), { responseCode: code });

  const server = new SMTPServer({
    // Plain SMTP on loopback: the sender requires TLS from every other host.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    size: 10 * 1024 * 1024,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) return callback(null, { user });
      return callback(refusal(535, '5.7.8 Authentication credentials invalid'));
    },
    onRcptTo(address, _session, callback) {
      const code = takeFault(address.address.toLowerCase());
      if (code) return callback(refusal(code, `Sandbox fault: refusing mail to ${address.address} (${code})`));
      return callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const at = new Date().toISOString();
          const mail = {
            messageId: parsed.messageId ?? '',
            mailId: String(parsed.headers.get('x-mail-id') ?? ''),
            from: parsed.from?.text ?? '',
            replyTo: parsed.replyTo?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: Object.fromEntries(
              parsed.headerLines.map(({ line }) => {
                const colon = line.indexOf(':');
                return [
                  line.slice(0, colon),
                  line
                    .slice(colon + 1)
                    .replace(/\r?\n[ \t]+/g, ' ')
                    .trim(),
                ];
              }),
            ),
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: typeWithParams(a),
              content: a.content.toString('utf8'),
            })),
            at,
          };
          for (const { address } of session.envelope.rcptTo) {
            received.push({ ...mail, to: address.toLowerCase() });
            log(`mail sink: ${address} <- ${mail.subject}`);
          }
          callback(null, `Message queued as ${mail.messageId}`);
        })
        .catch((/** @type {Error} */ err) => callback(refusal(451, `Sandbox could not read the message: ${err.message}`)));
    },
  });

  const api = newRouter();
  /** What the sink received, oldest first; ?to=<address> for one mailbox's, ?mailId=<id> for one mail document's. */
  api.get('/mail', (req, res) => {
    const to = queryParam(req, 'to')?.toLowerCase();
    const mailId = queryParam(req, 'mailId');
    res.status(200).json({ messages: received.filter((m) => (!to || m.to === to) && (!mailId || m.mailId === mailId)) });
  });

  const control = newRouter();
  /** { to?: '<address>', count: N, code: 451 | 550 | ... }: the next N sends to that address (or any) are refused so. */
  control.post('/mail/faults', textBody, (req, res) => {
    let body;
    try {
      body = JSON.parse(bodyText(req) || '{}');
    } catch {
      return res.status(400).json({ message: 'Malformed JSON' });
    }
    const fault = { count: Number(body.count ?? 1), code: Number(body.code ?? SINK_FAULT_DEFAULT) };
    const to = String(body.to ?? '*').toLowerCase();
    faults.set(to, fault);
    return res.status(200).json({ to, ...fault });
  });
  /** Forgets the mails and faults (of one address with { to }). */
  control.post('/mail/reset', textBody, (req, res) => {
    let body = {};
    try {
      body = JSON.parse(bodyText(req) || '{}');
    } catch {
      // nothing: reset all
    }
    const to = /** @type {{ to?: string }} */ (body).to?.toLowerCase();
    if (to) {
      faults.delete(to);
      for (let i = received.length - 1; i >= 0; i--) if (received[i].to === to) received.splice(i, 1);
    } else {
      faults.clear();
      received.length = 0;
    }
    res.status(200).json({ reset: to ?? 'all' });
  });

  return {
    api,
    control,
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve());
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
