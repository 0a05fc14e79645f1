import type { Notice } from '../notice';

/** Notices about the account: the verification code, the erased account, the newsletter's welcome. */

const BRAND = 'ExpMed Health';

/**
 * The code that activates a new account, by e-mail only: whoever types it back proves they
 * read that mailbox, so it never goes by SMS (a phone is confirmed by its own code, phoneCode).
 * Always sent, whatever the reminder settings.
 */
export function verificationCode(p: { firstName: string; code: string }): Notice {
  return {
    event: 'account.code',
    subject: `Your ${BRAND} verification code`,
    paragraphs: [
      `Hello ${p.firstName},`,
      `Your ${BRAND} verification code is: ${p.code}`,
      'Enter it on the account check page to activate your account. It can be used for 24 hours.',
      'If you did not create an account with us, you can ignore this e-mail.',
      `${BRAND}: care at home and online, across Ghana.`,
    ],
  };
}

/** The code that confirms the account's phone number: sent by SMS only, to that number (services/patients/phone-verification.ts). */
export function phoneCode(p: { code: string; minutes: number }): Notice {
  return {
    event: 'account.phone-code',
    subject: `Your ${BRAND} phone code`,
    paragraphs: [`Your ${BRAND} code to confirm your phone number is ${p.code}. It works for ${p.minutes} minutes.`],
    sms: `${BRAND} code to confirm this phone number is ${p.code}. It works for ${p.minutes} minutes. If you did not ask for it, ignore this.`,
  };
}

/** The code that proves a number other than the account's phone for a direct debit: by SMS only, to that number (services/packages/direct-debit.ts). */
export function mandateNumberCode(p: { code: string; minutes: number }): Notice {
  return {
    event: 'direct-debit.number-code',
    subject: `Your ${BRAND} direct debit code`,
    paragraphs: [`Your ${BRAND} code to allow direct debit from this number is ${p.code}. It works for ${p.minutes} minutes.`],
    sms: `${BRAND} code to allow direct debit from this number is ${p.code}. It works for ${p.minutes} minutes. If you did not ask for it, ignore this.`,
  };
}

/** The last mail to an erased account: no name in it. */
export function accountErased(): Notice {
  return {
    event: 'account.erased',
    subject: `Your ${BRAND} account has been deleted`,
    paragraphs: [
      'Hello,',
      `As you asked, your ${BRAND} account has been deleted: your profile, prescriptions and contact details are gone, ` +
        'and your appointments and orders no longer carry your name. Payment records are kept without your name or contact ' +
        'for as long as tax law requires. Refunds already due to you are still paid.',
      'If you did not ask for this, contact us at once.',
    ],
    sms: `Your ${BRAND} account has been deleted as you asked. If you did not ask for this, contact us at once.`,
  };
}

/** The newsletter's welcome (to a reader, not an account: services/public/newsletter.ts adds the unsubscribe link; no SMS is sent). */
export function newsletterWelcome(): Notice {
  return {
    event: 'newsletter.welcome',
    subject: `Welcome to the ${BRAND} newsletter`,
    paragraphs: [
      'Akwaaba, and thank you for subscribing.',
      `About once a month we will send you health tips from our doctors and nurses, news of our services across Ghana, and offers on ${BRAND} packages.`,
      'We use your e-mail address only to send this newsletter, and we never sell or share it.',
    ],
    sms: `Welcome to the ${BRAND} newsletter.`,
  };
}
