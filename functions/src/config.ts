import { defineBoolean, defineSecret, defineString } from 'firebase-functions/params';
import { callbackToken, type CallbackPurpose } from './http/gateway';

/**
 * The API's configuration, in one place: deployment and request limits, and every Functions
 * param and secret (with the description `firebase deploy` shows when it asks for one).
 * Locally functions/.env.local and functions/.secret.local (written at each start of the stack by
 * scripts/lib/local-secrets.mjs) hold sandbox values that open nothing real; in production they
 * are set at deploy time (docs/operations.md 'Payments and SMS in production').
 */

// ---- Deployment ---------------------------------------------------------------------------

/** Closest Cloud Functions region to Ghana with Firestore beside it; Accra's traffic reaches Europe first. */
export const REGION = 'europe-west1';

/** Firebase project used locally; a demo- id never touches production. */
export const DEMO_PROJECT_ID = 'demo-healthcare';

/**
 * The Firebase project: Cloud Functions and the emulators name it in the environment;
 * elsewhere (tests, scripts) the demo project keeps us off production.
 */
export const firebaseProjectId = (): string => process.env.GCLOUD_PROJECT ?? DEMO_PROJECT_ID;

/**
 * The account every function runs as: its own, with only the roles it needs (ops/functions-account.sh
 * makes it; docs/operations.md 'Params and secrets'), not the default compute account. The full
 * address, since firebase-tools gives it as written to Cloud Scheduler and to the secrets' grants;
 * `firebase deploy` names the project in GCLOUD_PROJECT when it reads the functions.
 */
export const FUNCTIONS_SERVICE_ACCOUNT = `expmed-functions@${firebaseProjectId()}.iam.gserviceaccount.com`;

// ---- Requests -----------------------------------------------------------------------------

/** Ordinary JSON bodies: a form's worth of text. */
export const SMALL_BODY_BYTES = 64 * 1024;

/** Creating an appointment may carry a prescription photo (resized in the browser). */
export const LARGE_BODY_BYTES = 1024 * 1024;

/** Requests allowed the large body limit, as "METHOD /path" without the /api prefix. */
export const LARGE_BODY_ROUTES = new Set(['POST /appointments']);

/** The same for paths with an id in them: a lab result's upload (its bytes, at most api/record.ts MAX_RESULT_BYTES). */
export const LARGE_BODY_PATTERNS: readonly RegExp[] = [/^POST \/staff\/appointments\/[^/]+\/results$/];

/**
 * X-Forwarded-For as production writes it (docs/security.md 'The client's address'): Google's
 * front end of the function (Cloud Run) appends the address that connected to it, last, and no
 * caller can change that entry. Through Hosting that is Hosting's own hop from Google's network,
 * with the visitor just before it (`<visitor>, <Google hop>`, as published reports of Hosting's
 * requests show); a call to the function's own URL arrives as `<anything the caller wrote>,
 * <the caller>`. So: a last entry in Google's ranges means the visitor is the entry before it;
 * any other last entry is the caller itself. Only this one hop is trusted. The post-deploy check
 * (ops/check-client-address.sh) proves the rule against the header production really sends.
 */
export const GOOGLE_FRONT_END_RANGES: readonly string[] = [
  // Google's own ranges (https://www.gstatic.com/ipranges/goog.json, less cloud.json: no
  // customer's machine has these), where Hosting's proxy and Google's front ends connect from.
  '35.191.0.0/16',
  '64.233.160.0/19',
  '66.102.0.0/20',
  '66.249.64.0/19',
  '72.14.192.0/18',
  '74.125.0.0/16',
  '108.177.0.0/17',
  '130.211.0.0/22',
  '142.250.0.0/15',
  '172.217.0.0/16',
  '172.253.0.0/16',
  '173.194.0.0/16',
  '209.85.128.0/17',
  '216.58.192.0/19',
  '216.239.32.0/19',
  '2001:4860::/32',
  '2404:6800::/32',
  '2607:f8b0::/32',
  '2800:3f0::/32',
  '2a00:1450::/32',
  '2c0f:fb50::/32',
];

/**
 * Fastly's published addresses (https://api.fastly.com/public-ip-list), the CDN Firebase Hosting
 * serves from. Never trusted to name a visitor (a caller on Fastly's network could write any entry
 * before its own): an address here, or a Google one, that the rule above lands on is a front end
 * many visitors share, and limits then count per person (user, number, payment) instead.
 */
export const HOSTING_CDN_RANGES: readonly string[] = [
  '23.235.32.0/20',
  '43.249.72.0/22',
  '103.244.50.0/24',
  '103.245.222.0/23',
  '103.245.224.0/24',
  '104.156.80.0/20',
  '140.248.64.0/18',
  '140.248.128.0/17',
  '146.75.0.0/17',
  '151.101.0.0/16',
  '157.52.64.0/18',
  '167.82.0.0/17',
  '167.82.128.0/20',
  '167.82.160.0/20',
  '167.82.224.0/20',
  '172.111.64.0/18',
  '185.31.16.0/22',
  '199.27.72.0/21',
  '199.232.0.0/16',
  '2a04:4e40::/32',
  '2a04:4e42::/32',
];

/**
 * The local stack has no front end: firebase-tools' Hosting emulator forwards the client's
 * own X-Forwarded-For and appends nothing (lib/hosting/proxy.js), nor does the Functions
 * emulator. So in the emulator no entry is trusted and every client is the socket's peer,
 * unless the request carries this header with the local key (functions/.env.local
 * LOCAL_FRONT_END_KEY): tests and `npm run load` play production's front ends with it, to
 * count made-up visitors apart. Outside the emulator neither is ever read.
 */
export const LOCAL_FRONT_END_HEADER = 'x-local-front-end';

/** Whether this request's X-Forwarded-For was written the production way (always, outside the emulator). */
export function forwardedByFrontEnds(header: (name: string) => string | undefined): boolean {
  if (process.env.FUNCTIONS_EMULATOR !== 'true') return true;
  const key = process.env.LOCAL_FRONT_END_KEY;
  return Boolean(key) && header(LOCAL_FRONT_END_HEADER) === key;
}

// ---- The site -----------------------------------------------------------------------------

/** The public address of the site: payment callback, return and cancellation URLs and mail links are built from it. */
export const PUBLIC_SITE_URL = defineString('PUBLIC_SITE_URL', {
  description: 'Public address of the site, e.g. https://expmedhealth.com (no trailing slash)',
});

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** PUBLIC_SITE_URL without a trailing slash, read when a link is made. */
export const publicSiteUrl = (): string => trimSlash(PUBLIC_SITE_URL.value());

// ---- Payments (docs/money.md) ---------------------------------------------------------

/** Base of the checkout API: POST {base}/items/initiate. */
export const PAYMENT_API_BASE = defineString('PAYMENT_API_BASE', {
  description: 'Base URL of the provider checkout API (POST {base}/items/initiate)',
});

/** Base of the transaction status API: GET {base}/transactions/{merchant}/status. */
export const PAYMENT_STATUS_BASE = defineString('PAYMENT_STATUS_BASE', {
  description: 'Base URL of the provider transaction status API (needs the whitelisted static outbound IP)',
});

export const PAYMENT_MERCHANT_ACCOUNT = defineString('PAYMENT_MERCHANT_ACCOUNT', {
  description: "The clinic's merchant account number at the provider",
});

/** `apiId:apiKey` of the provider account, sent as HTTP Basic auth. */
export const PAYMENT_CREDENTIALS = defineSecret('PAYMENT_CREDENTIALS');

/**
 * Signs the token each payment's callback URL carries (http/gateway.ts): a callback without the
 * token of the payment it names is refused. Two values, comma-separated, while it is rotated.
 */
export const PAYMENT_CALLBACK_SECRET = defineSecret('PAYMENT_CALLBACK_SECRET');

/** The secrets each function that touches payments must declare. */
export const PAYMENT_SECRETS = [PAYMENT_CREDENTIALS, PAYMENT_CALLBACK_SECRET];

/**
 * The site's URLs the provider is given, read when a checkout starts. The return page names the
 * record's reference, so it can say what became of the payment (docs/money.md).
 */
export function paymentUrls(clientReference: string) {
  const site = publicSiteUrl();
  const ref = `&ref=${encodeURIComponent(clientReference)}`;
  return {
    callbackUrl: callbackUrl('payment', clientReference),
    returnUrl: `${site}/payment-return.html?status=success${ref}`,
    cancellationUrl: `${site}/payment-return.html?status=cancelled${ref}`,
  };
}

/**
 * The callback URL handed to the provider for one payment (or one mandate's decision): it carries
 * that reference and a token for it only (docs/security.md 'Gateways'), never a shared secret.
 */
export function callbackUrl(purpose: CallbackPurpose, reference: string): string {
  const token = callbackToken(PAYMENT_CALLBACK_SECRET.value(), purpose, reference);
  const path = purpose === 'payment' ? '' : `/${purpose}`;
  return `${publicSiteUrl()}/payment/callback${path}/${encodeURIComponent(reference)}/${token}`;
}

/** Where and as whom the provider is called, read per call. */
export const providerConfig = () => ({
  apiBase: trimSlash(PAYMENT_API_BASE.value()),
  statusBase: trimSlash(PAYMENT_STATUS_BASE.value()),
  merchantAccountNumber: PAYMENT_MERCHANT_ACCOUNT.value(),
  authorization: `Basic ${Buffer.from(PAYMENT_CREDENTIALS.value()).toString('base64')}`,
});

// ---- Direct debit (docs/direct-debit.md): Hubtel preapproval and receive money -------------

/** Base of the preapproval API: POST {base}/{merchant}/preapproval/initiate, verifyotp; GET .../{id}/cancel. */
export const PREAPPROVAL_API_BASE = defineString('PREAPPROVAL_API_BASE', {
  default: 'https://preapproval.hubtel.com/api/v2/merchant',
  description: 'Base URL of the provider preapproval (direct debit mandate) API',
});

/** Base of the receive-money API the direct-debit charges use: POST {base}/{merchant}/receive/mobilemoney. */
export const RECEIVE_MONEY_API_BASE = defineString('RECEIVE_MONEY_API_BASE', {
  default: 'https://rmp.hubtel.com/merchantaccount/merchants',
  description: 'Base URL of the provider receive-money API (direct debit charges; needs the whitelisted static outbound IP)',
});

/** Where the direct-debit calls go (their callback URLs: callbackUrl, one per charge or mandate). */
export const directDebitConfig = () => ({
  preapprovalBase: trimSlash(PREAPPROVAL_API_BASE.value()),
  receiveMoneyBase: trimSlash(RECEIVE_MONEY_API_BASE.value()),
  merchantAccountNumber: PAYMENT_MERCHANT_ACCOUNT.value(),
});

// ---- USSD (docs/ussd.md): Hubtel Programmable Services ----------------------------------

/**
 * The service code people dial, '*713*4455#': quoted in a dotenv file, where an unquoted '#'
 * starts a comment (npm run deploy:check refuses a code cut short). A code without its closing
 * '#' still gets one. Empty: screens and SMS say 'our USSD code'.
 */
export const USSD_SHORTCODE = defineString('USSD_SHORTCODE', {
  default: '',
  description: 'The USSD code Hubtel assigned to the service, quoted with its closing #, e.g. "*713*4455#" (named in its SMS)',
});

/** Where the service's fulfilment is confirmed back to the provider (Hubtel's, locally the sandbox). */
export const USSD_FULFILMENT_CALLBACK_URL = defineString('USSD_FULFILMENT_CALLBACK_URL', {
  default: 'https://gs-callback.hubtel.com:9055/callback',
  description: "Hubtel's Programmable Services fulfilment callback URL (needs the whitelisted static outbound IP)",
});

/** The account the status API knows USSD checkouts under (Hubtel's POS Sales ID); empty: the merchant account. */
export const USSD_POS_SALES_ID = defineString('USSD_POS_SALES_ID', {
  default: '',
  description: 'Hubtel POS Sales ID of the USSD service, for the status API (empty: PAYMENT_MERCHANT_ACCOUNT)',
});

/**
 * The secret path segment of the URLs registered with Hubtel's Programmable Services
 * (`/ussd/<key>` and `/ussd/<key>/fulfilment`): Hubtel sends no header or signature, so the URL
 * is the gateway's credential (docs/ussd.md). Two values, comma-separated, while it is rotated.
 */
export const USSD_GATEWAY_KEY = defineSecret('USSD_GATEWAY_KEY');

/** The USSD service's settings, read per request. */
export const ussdConfig = () => ({
  shortcode: USSD_SHORTCODE.value() ? `${USSD_SHORTCODE.value().replace(/#$/, '')}#` : '',
  fulfilmentCallbackUrl: USSD_FULFILMENT_CALLBACK_URL.value(),
  statusAccount: USSD_POS_SALES_ID.value() || PAYMENT_MERCHANT_ACCOUNT.value(),
});

/** The code to dial again, for a record booked over USSD (its SMS name it: docs/ussd.md); undefined otherwise. */
export const shortcodeFor = (record: { channel?: string }): string | undefined =>
  record.channel === 'USSD' ? ussdConfig().shortcode || undefined : undefined;

// ---- SMS (docs/notifications.md): the provider's SMS API, Hubtel's ---------------------

/** Base of the SMS API: POST {base}/v1/messages/send (Hubtel: https://smsc.hubtel.com). */
export const SMS_API_BASE = defineString('SMS_API_BASE', {
  description: 'Base URL of the provider SMS API (POST {base}/v1/messages/send), e.g. https://smsc.hubtel.com',
});

export const SMS_CLIENT_ID = defineString('SMS_CLIENT_ID', { description: 'Client id of the provider SMS API account' });

/** The sender name the provider approved for the clinic (at most 11 letters or digits). */
export const SMS_SENDER_ID = defineString('SMS_SENDER_ID', {
  description: "The clinic's approved SMS sender id (at most 11 characters), e.g. ExpMedHlth",
});

/** The client secret of the SMS API account, sent with the client id as HTTP Basic auth. */
export const SMS_CLIENT_SECRET = defineSecret('SMS_CLIENT_SECRET');

/** Every function that may send an SMS (all that notify patients) declares it. */
export const SMS_SECRETS = [SMS_CLIENT_SECRET];

/** Where, as whom and from what name SMS are sent, read per send. */
export const smsConfig = () => ({
  apiBase: trimSlash(SMS_API_BASE.value()),
  senderId: SMS_SENDER_ID.value(),
  authorization: `Basic ${Buffer.from(`${SMS_CLIENT_ID.value()}:${SMS_CLIENT_SECRET.value()}`).toString('base64')}`,
});

// ---- Mail (docs/notifications.md): the clinic's mail provider over SMTP --------------------

/**
 * Where and as whom mail is sent (notifications/mail-sender.ts): the provider's SMTP server,
 * its port (465: TLS from the start; 587 and others: STARTTLS, required) and the account.
 * Secrets, all four: the address is as much the provider account's as its password.
 */
export const SMTP_HOST = defineSecret('SMTP_HOST');
export const SMTP_PORT = defineSecret('SMTP_PORT');
export const SMTP_USER = defineSecret('SMTP_USER');
export const SMTP_PASSWORD = defineSecret('SMTP_PASSWORD');

/** Every function that may send mail (all that notify patients) declares them. */
export const MAIL_SECRETS = [SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASSWORD];

/** What a function that tells patients anything (by SMS and mail, notifications/notify.ts) declares. */
export const NOTICE_SECRETS = [...SMS_SECRETS, ...MAIL_SECRETS];

/** The sender every mail names; its domain is the one whose SPF and DKIM records the provider gave (docs/operations.md). */
export const MAIL_FROM = defineString('MAIL_FROM', {
  description: "The sender of the clinic's mail, at the site's domain, e.g. ExpMed Health <no-reply@expmedhealth.com>",
});

/** Where replies go (the clinic's inbox); empty: to MAIL_FROM. */
export const MAIL_REPLY_TO = defineString('MAIL_REPLY_TO', {
  default: '',
  description: "Where replies to the clinic's mail go, e.g. care@expmedhealth.com (empty: MAIL_FROM)",
});

/** The SMTP server, account and sender, read per send. */
export const mailConfig = () => ({
  host: SMTP_HOST.value(),
  port: Number(SMTP_PORT.value()),
  user: SMTP_USER.value(),
  password: SMTP_PASSWORD.value(),
  from: MAIL_FROM.value(),
  replyTo: MAIL_REPLY_TO.value() || undefined,
});

// ---- Newsletter ---------------------------------------------------------------------------

/**
 * Signs unsubscribe links, so only the person who got the mail can take their address off
 * the list.
 */
export const NEWSLETTER_SECRET = defineSecret('NEWSLETTER_SECRET');

// ---- Video visits (docs/visits.md): STUN and TURN servers for WebRTC -----------------------

/** Comma-separated stun: URLs, e.g. 'stun:turn.example.com:3478'; empty locally (peers on one machine need none). */
export const STUN_URLS = defineString('STUN_URLS', {
  default: '',
  description: 'Comma-separated STUN URLs for video visits, e.g. stun:turn.example.com:3478 (empty: none)',
});

/** Comma-separated turn:/turns: URLs of a TURN server with coturn's use-auth-secret (docs/visits.md); empty: no TURN. */
export const TURN_URLS = defineString('TURN_URLS', {
  default: '',
  description:
    'Comma-separated TURN URLs for video visits, e.g. turn:turn.example.com:3478?transport=udp,turns:turn.example.com:5349 (empty: none)',
});

/** coturn's static-auth-secret: the API mints short-lived TURN credentials from it (TURN REST API scheme). */
export const TURN_SHARED_SECRET = defineSecret('TURN_SHARED_SECRET');

const urlList = (value: string) =>
  value
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);

/** The STUN and TURN servers and the TURN secret, read per join. */
export const iceConfig = () => ({
  stunUrls: urlList(STUN_URLS.value()),
  turnUrls: urlList(TURN_URLS.value()),
  turnSecret: TURN_SHARED_SECRET.value(),
});
/** Every secret the API function reads (payments, SMS, mail, the newsletter and TURN). */
export const API_SECRETS = [...PAYMENT_SECRETS, ...NOTICE_SECRETS, NEWSLETTER_SECRET, TURN_SHARED_SECRET];

// ---- Deployment: outbound address and App Check (docs/operations.md) ------------------------

/**
 * The Serverless VPC Access connector the functions send all their traffic through, so it
 * leaves by Cloud NAT's reserved static IP, the one the provider's status API has whitelisted
 * (ops/network.sh makes both). Empty (the default, and locally): no connector.
 */
export const VPC_CONNECTOR = defineString('VPC_CONNECTOR', {
  default: '',
  description: 'Serverless VPC Access connector for a static outbound IP (ops/network.sh), e.g. expmed-egress; empty for none',
});

/**
 * Whether the API refuses writes without a valid App Check token (http/app-check.ts). True in
 * production, where the site sends one (reCAPTCHA Enterprise); false on the emulators, where
 * the local build has no App Check.
 */
export const APP_CHECK_ENFORCED = defineBoolean('APP_CHECK_ENFORCED', {
  description: 'Refuse API writes without a valid App Check token (true in production)',
});

/** Every outbound call goes through the connector (when one is set): the status API sees only the static IP. */
export const VPC_EGRESS = 'ALL_TRAFFIC';
