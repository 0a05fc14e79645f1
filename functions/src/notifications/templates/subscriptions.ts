/**
 * Notices about a patient's package (docs/packages.md): the trial's start,
 * renewal reminders, the end of a period and a cancellation (a paid renewal gets the receipt). Pure functions
 * record -> Notice; the caller passes the link to the profile where Renew is.
 */
import { formatDate, formatGhs } from '../../api/format';
import type { Notice } from '../notice';

const CLINIC = 'ExpMed Health';

interface PackageRecord {
  packageTitle: string;
  /** ISO */
  periodEnd: string;
}

/** SMS at most two parts (320 characters): long titles or links are cut, never the clinic's name. */
const sms = (text: string) => (text.length <= 320 ? text : `${text.slice(0, 316 - CLINIC.length)}... ${CLINIC}`);

const day = (iso: string) => formatDate(iso);

export function trialStarted(r: PackageRecord): Notice {
  return {
    event: 'subscription.trial',
    subject: `Your free trial of the ${r.packageTitle} has started`,
    paragraphs: [
      'Hello,',
      `Your free trial of the ${r.packageTitle} has started. It runs until ${day(r.periodEnd)}; nothing is charged.`,
      'Before it ends you can renew from your profile to keep your benefits.',
      CLINIC,
    ],
    sms: sms(`${CLINIC}: your free trial of the ${r.packageTitle} runs until ${day(r.periodEnd)}. Nothing is charged.`),
  };
}

export function renewalReminder(r: PackageRecord & { daysBefore: number; amount?: number; link: string }): Notice {
  const when = r.daysBefore === 1 ? 'tomorrow' : `in ${r.daysBefore} days`;
  const price = r.amount !== undefined ? ` for ${formatGhs(r.amount)}` : '';
  return {
    event: 'subscription.renewal-reminder',
    subject: `Your ${r.packageTitle} ends ${when}`,
    paragraphs: [
      'Hello,',
      `Your ${r.packageTitle} ends ${when}, on ${day(r.periodEnd)}.`,
      `To keep your benefits, renew it${price} for another month: ${r.link}`,
      CLINIC,
    ],
    sms: sms(`${CLINIC}: your ${r.packageTitle} ends ${when} (${day(r.periodEnd)}). Renew${price}: ${r.link}`),
  };
}

export function subscriptionExpired(r: PackageRecord & { link: string }): Notice {
  return {
    event: 'subscription.expired',
    subject: `Your ${r.packageTitle} has ended`,
    paragraphs: [
      'Hello,',
      `Your ${r.packageTitle} ended on ${day(r.periodEnd)}, so its benefits no longer apply to new bookings.`,
      `You can renew it or choose another package at any time: ${r.link}`,
      CLINIC,
    ],
    sms: sms(`${CLINIC}: your ${r.packageTitle} ended on ${day(r.periodEnd)}. Renew or choose a package: ${r.link}`),
  };
}

export function subscriptionCancelled(r: PackageRecord): Notice {
  return {
    event: 'subscription.cancelled',
    subject: `Your ${r.packageTitle} will not renew`,
    paragraphs: [
      'Hello,',
      `As you asked, your ${r.packageTitle} will not renew. Its benefits last until ${day(r.periodEnd)}.`,
      'You can renew it again from your profile before then.',
      CLINIC,
    ],
    sms: sms(`${CLINIC}: your ${r.packageTitle} will not renew. Its benefits last until ${day(r.periodEnd)}.`),
  };
}
