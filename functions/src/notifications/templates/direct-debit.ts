/**
 * Notices about renewal by direct debit (docs/direct-debit.md): the mandate approved, declined or
 * stopped, the notice before each charge, a failed charge and a price rise. Pure functions
 * record -> Notice; a paid charge gets the receipt every payment gets (./payments.ts).
 */
import { formatDate, formatGhs } from '../../api/format';
import { DIRECT_DEBIT_NOTICE_DAYS } from '../../api/direct-debit';
import type { Notice } from '../notice';

const CLINIC = 'ExpMed Health';

interface MandateRecord {
  packageTitle: string;
  /** '024 *** 4567' */
  maskedNumber: string;
}

/** How to stop it, in the SMS: the profile, or the USSD menu when the clinic has a code. */
const howToStop = (link: string, shortcode: string) =>
  shortcode ? `To stop it: ${link} or dial ${shortcode}, My package.` : `To stop it: ${link}`;

export function mandateApproved(
  r: MandateRecord & { nextChargeAt: string; amount: number; link: string; shortcode: string },
): Notice {
  return {
    event: 'direct-debit.approved',
    subject: `Your ${r.packageTitle} now renews automatically`,
    paragraphs: [
      'Hello,',
      `Your ${r.packageTitle} now renews automatically: on ${formatDate(r.nextChargeAt)} we will take ${formatGhs(r.amount)} from ${r.maskedNumber}, and every 30 days after. We will send you a reminder ${DIRECT_DEBIT_NOTICE_DAYS} days before each charge.`,
      `You can stop it at any time from your profile: ${r.link}`,
      CLINIC,
    ],
    sms: `${CLINIC}: your ${r.packageTitle} now renews automatically on ${formatDate(r.nextChargeAt)} for ${formatGhs(r.amount)} from ${r.maskedNumber}. ${howToStop(r.link, r.shortcode)}`,
  };
}

export function mandateDeclined(r: MandateRecord & { link: string }): Notice {
  return {
    event: 'direct-debit.declined',
    subject: `Automatic renewal of your ${r.packageTitle} was not approved`,
    paragraphs: [
      'Hello,',
      `The direct debit from ${r.maskedNumber} for your ${r.packageTitle} was not approved, so nothing will be taken. You can try again, or renew by checkout, from your profile: ${r.link}`,
      CLINIC,
    ],
    sms: `${CLINIC}: the direct debit from ${r.maskedNumber} for your ${r.packageTitle} was not approved. Nothing will be taken.`,
  };
}

export function mandateStopped(r: MandateRecord & { why: string }): Notice {
  return {
    event: 'direct-debit.cancelled',
    subject: `Automatic renewal of your ${r.packageTitle} is off`,
    paragraphs: [
      'Hello,',
      `${r.why} Automatic renewal of your ${r.packageTitle} from ${r.maskedNumber} is off: nothing more will be taken. Your package keeps its benefits until its period ends; you can renew it from your profile.`,
      CLINIC,
    ],
    sms: `${CLINIC}: automatic renewal of your ${r.packageTitle} from ${r.maskedNumber} is off. Nothing more will be taken.`,
  };
}

export function chargeComing(r: MandateRecord & { chargeAt: string; amount: number; link: string; shortcode: string }): Notice {
  return {
    event: 'direct-debit.notice',
    subject: `We will renew your ${r.packageTitle} on ${formatDate(r.chargeAt)}`,
    paragraphs: [
      'Hello,',
      `On ${formatDate(r.chargeAt)} we will take ${formatGhs(r.amount)} from ${r.maskedNumber} to renew your ${r.packageTitle} for another 30 days.`,
      `To stop it, open your profile before then: ${r.link}`,
      CLINIC,
    ],
    sms: `${CLINIC}: on ${formatDate(r.chargeAt)} we will take ${formatGhs(r.amount)} from ${r.maskedNumber} to renew your ${r.packageTitle}. ${howToStop(r.link, r.shortcode)}`,
  };
}

export function priceRise(
  r: MandateRecord & { was: number; amount: number; from: string; link: string; shortcode: string },
): Notice {
  return {
    event: 'direct-debit.price-rise',
    subject: `The price of your ${r.packageTitle} is rising`,
    paragraphs: [
      'Hello,',
      `The ${r.packageTitle} now costs ${formatGhs(r.amount)} (was ${formatGhs(r.was)}). Your automatic renewal keeps taking ${formatGhs(r.was)} until ${formatDate(r.from)}; from then on it takes ${formatGhs(r.amount)} from ${r.maskedNumber}.`,
      `If you do not want that, stop it from your profile before then: ${r.link}`,
      CLINIC,
    ],
    sms: `${CLINIC}: your ${r.packageTitle} rises to ${formatGhs(r.amount)} (was ${formatGhs(r.was)}). From ${formatDate(r.from)} your automatic renewal takes ${formatGhs(r.amount)} from ${r.maskedNumber}. ${howToStop(r.link, r.shortcode)}`,
  };
}

export function chargeFailed(r: MandateRecord & { amount: number; reason: string; retryAt?: string; link: string }): Notice {
  const next = r.retryAt
    ? `We will try again on ${formatDate(r.retryAt)}.`
    : `We will not try again: your package has ended. You can renew it by checkout: ${r.link}`;
  return {
    event: 'direct-debit.failed',
    subject: `We could not renew your ${r.packageTitle}`,
    paragraphs: ['Hello,', `We could not take ${formatGhs(r.amount)} from ${r.maskedNumber}: ${r.reason}`, next, CLINIC],
    sms: `${CLINIC}: we could not take ${formatGhs(r.amount)} from ${r.maskedNumber} for your ${r.packageTitle}. ${next}`,
  };
}
