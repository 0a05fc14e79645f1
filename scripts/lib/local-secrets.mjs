// @ts-check
// functions/.secret.local: the secrets the Functions emulator gives the API locally (firebase-tools
// reads that file, and only that file, for `defineSecret` params). Written here at every start of
// the stack (git ignores it): the providers' sandbox values below, which open nothing real, and
// TURN_SHARED_SECRET, made once per clone at random and kept, which the local coturn is started
// with (scripts/lib/turn.mjs), so the relay checks the credentials the API mints from it.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './install.mjs';
import { HOST, PORTS } from './ports.mjs';

export const LOCAL_SECRETS_FILE = join(ROOT, 'functions', '.secret.local');

/** The sandbox's own values (scripts/payment-sandbox.mjs checks the same ones). */
const SANDBOX_SECRETS = {
  PAYMENT_CREDENTIALS: 'sandbox-client-id:sandbox-client-secret',
  PAYMENT_CALLBACK_SECRET: 'sandbox-callback-secret',
  USSD_GATEWAY_KEY: 'sandbox-ussd-gateway-key',
  NEWSLETTER_SECRET: 'local-newsletter-unsubscribe-secret',
  SMS_CLIENT_SECRET: 'sandbox-sms-secret',
  // The sandbox's SMTP sink (scripts/sandbox/mail.mjs, PORTS.mailSink) and its account.
  SMTP_HOST: HOST,
  SMTP_PORT: String(PORTS.mailSink),
  SMTP_USER: 'sandbox-smtp-user',
  SMTP_PASSWORD: 'sandbox-smtp-password',
};

/** KEY=value lines, as firebase-tools reads them. */
function readSecrets() {
  /** @type {Record<string, string>} */
  const secrets = {};
  if (!existsSync(LOCAL_SECRETS_FILE)) return secrets;
  for (const line of readFileSync(LOCAL_SECRETS_FILE, 'utf8').split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) secrets[match[1]] = match[2];
  }
  return secrets;
}

/** Writes functions/.secret.local (only when it changes) and answers what it holds. */
export function writeLocalSecrets() {
  const kept = readSecrets().TURN_SHARED_SECRET;
  const secrets = { ...SANDBOX_SECRETS, TURN_SHARED_SECRET: kept || randomBytes(24).toString('hex') };
  const text = [
    '# Written by scripts/lib/local-secrets.mjs at each start of the local stack (edit there). Read by the',
    '# Functions emulator; TURN_SHARED_SECRET is also the local coturn static-auth-secret.',
    ...Object.entries(secrets).map(([key, value]) => `${key}=${value}`),
    '',
  ].join('\n');
  if (!existsSync(LOCAL_SECRETS_FILE) || readFileSync(LOCAL_SECRETS_FILE, 'utf8') !== text)
    writeFileSync(LOCAL_SECRETS_FILE, text);
  return secrets;
}
