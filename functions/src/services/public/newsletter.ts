import { createHmac, timingSafeEqual } from 'node:crypto';
import { cleanText, escapeHtml } from '../../api/format';
import { NEWSLETTER_SECRET, publicSiteUrl } from '../../config';
import { newsletterCollection } from '../../store/public-forms';
import type { Mail } from '../../notifications/mail';
import { newsletterWelcome } from '../../notifications/templates';

const BRAND = 'ExpMed Health';

/**
 * The subscription's id is a hash of the normalised e-mail (newsletterIdOf), so signing the
 * id signs the e-mail, and a link can be checked even after the subscription is gone
 * (which keeps the answer the same whether an address was subscribed or not).
 */
function signatureOf(docid: string): string {
  const secret = NEWSLETTER_SECRET.value();
  if (!secret) throw new Error('NEWSLETTER_SECRET is not set');
  return createHmac('sha256', secret).update(`newsletter:${docid}`).digest('base64url');
}

/** The token in an unsubscribe link: the subscription's id and its signature. */
export const unsubscribeToken = (docid: string): string => `${docid}.${signatureOf(docid)}`;

/**
 * The link a reader opens: a page with an Unsubscribe button. Opening it changes nothing,
 * so a mail scanner that fetches every link cannot unsubscribe anyone.
 */
export const unsubscribePageUrl = (docid: string): string => `${publicSiteUrl()}/unsubscribe?token=${unsubscribeToken(docid)}`;

/** The RFC 8058 one-click address mail programs POST to (List-Unsubscribe header). */
export const unsubscribeApiUrl = (docid: string): string =>
  `${publicSiteUrl()}/api/subscriptions/news/unsubscribe?token=${unsubscribeToken(docid)}`;

/**
 * Every newsletter mail goes through here, so every one ends with a working unsubscribe
 * link (Act 843: a person may stop direct marketing at any time).
 */
export function newsletterMail(subscription: { docid: string; email: string }, subject: string, texts: string[]): Mail {
  const paragraphs = texts.map((p) => cleanText(p));
  const link = unsubscribePageUrl(subscription.docid);
  const footer = `You get this e-mail because ${subscription.email} subscribed to the ${BRAND} newsletter. To stop it, open: ${link}`;
  const text = [...paragraphs, '', footer].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<hr><p style="font-size:0.9em;color:#555">You get this e-mail because ${escapeHtml(subscription.email)} subscribed to the ${BRAND} newsletter. <a href="${escapeHtml(link)}">Unsubscribe</a> at any time.</p>`,
  ].join('');
  return {
    to: subscription.email,
    message: { subject: cleanText(subject, { singleLine: true }), text, html },
    // Mail programs show their own Unsubscribe button and POST here (RFC 2369, RFC 8058).
    headers: {
      'List-Unsubscribe': `<${unsubscribeApiUrl(subscription.docid)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export function welcomeMail(subscription: { docid: string; email: string }): Mail {
  const { subject, paragraphs } = newsletterWelcome();
  return newsletterMail(subscription, subject, paragraphs);
}

/** The outcome of an unsubscribe link: 'invalid' when the token was not made by us. */
export type UnsubscribeResult = 'unsubscribed' | 'invalid';

/**
 * Deletes the subscription the token names when its signature is ours. Deleting one that
 * is gone already changes nothing, so a second click answers the same.
 */
export async function unsubscribe(token: string): Promise<UnsubscribeResult> {
  const [docid, signature, extra] = token.split('.');
  if (!docid || !signature || extra !== undefined || !/^[0-9a-f]{40}$/.test(docid)) return 'invalid';
  const expected = Buffer.from(signatureOf(docid));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  await newsletterCollection().doc(docid).delete();
  return 'unsubscribed';
}
