import { defineSecret, defineString } from 'firebase-functions/params';

/**
 * The payment provider's configuration. Locally functions/.env.local and
 * functions/.secret.local point at the payment sandbox (values that open nothing real);
 * in production they are set at deploy time (README: 'Payments in production').
 */

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

/** The public address of the site: the callback, return and cancellation URLs are built from it. */
export const PUBLIC_SITE_URL = defineString('PUBLIC_SITE_URL', {
  description: 'Public address of the site, e.g. https://expmedhealth.com (no trailing slash)',
});

/** `apiId:apiKey` of the provider account, sent as HTTP Basic auth. */
export const PAYMENT_CREDENTIALS = defineSecret('PAYMENT_CREDENTIALS');

/** Carried in the callback URL; a callback without it is refused. */
export const PAYMENT_CALLBACK_SECRET = defineSecret('PAYMENT_CALLBACK_SECRET');

/** The secrets each function that touches payments must declare. */
export const PAYMENT_SECRETS = [PAYMENT_CREDENTIALS, PAYMENT_CALLBACK_SECRET];

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The site's URLs the provider is given, read when a checkout starts. */
export function paymentUrls() {
  const site = trimSlash(PUBLIC_SITE_URL.value());
  return {
    callbackUrl: `${site}/payment/callback?secret=${encodeURIComponent(PAYMENT_CALLBACK_SECRET.value())}`,
    returnUrl: `${site}/payment-return.html?status=success`,
    cancellationUrl: `${site}/payment-return.html?status=cancelled`,
  };
}

export const providerConfig = () => ({
  apiBase: trimSlash(PAYMENT_API_BASE.value()),
  statusBase: trimSlash(PAYMENT_STATUS_BASE.value()),
  merchantAccountNumber: PAYMENT_MERCHANT_ACCOUNT.value(),
  authorization: `Basic ${Buffer.from(PAYMENT_CREDENTIALS.value()).toString('base64')}`,
});
