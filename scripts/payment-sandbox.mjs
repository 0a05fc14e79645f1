// @ts-check
// The payment sandbox: a stand-in for the card and mobile-money provider, speaking its
// protocol exactly (docs/money.md): initiate with Basic auth, a hosted checkout page
// (in a frame or alone), a callback POST to callbackUrl, and the status GET. Nothing real
// is charged. Tests steer faults per clientReference through /__control
// (scripts/sandbox/payments.mjs).
//
// One Express app: each stand-in provider (scripts/sandbox/) brings a router for its API and
// one for its test controls: payments (sandbox/payments.mjs), SMS (sandbox/sms.mjs) and the
// USSD network with its phone simulator at /ussd (sandbox/ussd.mjs), direct debit (sandbox/preapproval.mjs),
// and the mail provider: an SMTP sink on its own port whose mail shows at /mail (sandbox/mail.mjs).
//
//   node scripts/payment-sandbox.mjs        listens on 127.0.0.1:5005 (HTTP) and 127.0.0.1:2525 (SMTP)
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import express from 'express';
import { HOST, PORTS, SITE_URL } from './lib/ports.mjs';
import { mailSink } from './sandbox/mail.mjs';
import { paymentProvider } from './sandbox/payments.mjs';
import { preapprovalProvider } from './sandbox/preapproval.mjs';
import { smsProvider } from './sandbox/sms.mjs';
import { ussdProvider } from './sandbox/ussd.mjs';

/** @typedef {import('./sandbox/http.mjs').Provider} Provider @typedef {import('./sandbox/http.mjs').Log} Log */

/** The sandbox's credentials; functions/.secret.local holds the same value. Not a real key. */
export const SANDBOX_CREDENTIALS = 'sandbox-client-id:sandbox-client-secret';
export const SANDBOX_MERCHANT = '2020000';
/**
 * The key in the USSD service's URLs as registered with Hubtel (functions/.secret.local
 * USSD_GATEWAY_KEY holds the same value): the network's requests carry it as the gateway's will.
 */
export const SANDBOX_USSD_GATEWAY_KEY = 'sandbox-ussd-gateway-key';

/** The SMS API's client id and secret (functions/.env.local SMS_CLIENT_ID, .secret.local SMS_CLIENT_SECRET). */
export const SANDBOX_SMS_CREDENTIALS = 'sandbox-sms-client:sandbox-sms-secret';
/** The SMTP account the mail sender logs in with (functions/.secret.local SMTP_USER and SMTP_PASSWORD). */
export const SANDBOX_SMTP_CREDENTIALS = 'sandbox-smtp-user:sandbox-smtp-password';
export const SANDBOX_URL = `http://${HOST}:${PORTS.paymentSandbox}`;
/** The USSD service code the simulator dials (functions/.env.local USSD_SHORTCODE says the same). */
export const SANDBOX_SHORTCODE = '*713*4455#';

/**
 * The sandbox's app: /health, then each provider's API and its controls under /__control; `mail`
 * is the SMTP sink whose mail it shows (its SMTP side listens apart, startSandbox).
 */
export function createSandboxApp(/** @type {{ fallbackHost: string, log: Log, mail: Provider }} */ { fallbackHost, log, mail }) {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('strict routing', true);
  app.set('case sensitive routing', true);

  app.get('/health', (_req, res) => {
    res.status(200).json({ status: 'ok' });
  });

  const payments = paymentProvider({
    credentials: process.env.PAYMENT_SANDBOX_CREDENTIALS ?? SANDBOX_CREDENTIALS,
    fallbackHost,
    log,
  });
  const sms = smsProvider({ credentials: SANDBOX_SMS_CREDENTIALS, log });
  /** @type {Provider[]} */
  const providers = [
    payments,
    sms,
    mail,
    // Direct debit: mandates approved once (USSD prompt or OTP by SMS), then charged each period.
    preapprovalProvider({ payments, sms, log }),
    // The phone network and USSD checkout: it calls the clinic's /ussd through Hosting, as Hubtel does.
    ussdProvider({
      payments,
      log,
      // The Service Interaction and Fulfilment URLs as registered with Hubtel: with the gateway key (docs/ussd.md).
      serviceUrl: `${SITE_URL}/ussd/${SANDBOX_USSD_GATEWAY_KEY}`,
      fulfilmentUrl: `${SITE_URL}/ussd/${SANDBOX_USSD_GATEWAY_KEY}/fulfilment`,
      posSalesId: SANDBOX_MERCHANT,
      shortcode: SANDBOX_SHORTCODE,
    }),
  ];
  for (const provider of providers) {
    app.use(provider.api);
    app.use('/__control', provider.control);
  }

  app.use((req, res) => {
    res.status(404).json({ responseCode: '4040', message: `No ${req.method} ${req.path} here` });
  });
  /** @type {import('express').ErrorRequestHandler} */
  const sandboxError = (err, _req, res, next) => {
    log(`payment sandbox: ${err?.stack ?? err}`);
    if (res.headersSent) return next(err); // Express ends the broken answer
    return res.status(500).json({ responseCode: '5000', message: 'Sandbox error' });
  };
  app.use(sandboxError);
  return app;
}

/** Starts the sandbox (the SMTP sink first: /health answers once both listen); resolves with its server and a close(). */
export async function startSandbox({
  port = PORTS.paymentSandbox,
  smtpPort = PORTS.mailSink,
  host = HOST,
  log = console.log,
} = {}) {
  const mail = mailSink({ credentials: SANDBOX_SMTP_CREDENTIALS, log });
  await mail.listen(smtpPort, host);
  const server = createServer(createSandboxApp({ fallbackHost: `${host}:${port}`, log, mail }));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      log(`Payment sandbox listening on http://${host}:${port}, its SMTP sink on ${host}:${smtpPort}`);
      resolve({
        server,
        close: async () => {
          await mail.close();
          await new Promise((r) => server.close(() => r(undefined)));
        },
      });
    });
  });
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
