import { formatGhs } from '../../api/format';
import { CALLBACK_REASONS } from '../../api/ussd';
import { TRIAL_DAYS } from '../../api/policy';
import { MOBILE_NETWORKS } from '../../api/mobile-networks';
import { toGsm7 } from '../../notifications/sms-text';

/**
 * Every text the USSD service shows (docs/ussd.md has them as a tree). Plain functions of what
 * they show, so the screen test renders each with the longest values it can meet and checks
 * that it fits one screen (182 GSM-7 characters). Names and free text pass through `short`.
 */

/** A person's or place's text on a screen: GSM-7 only, cut to `max` characters. */
export const short = (text: string, max: number): string => {
  const plain = toGsm7(text);
  return plain.length <= max ? plain : `${plain.slice(0, max - 1).trimEnd()}.`;
};

const list = (items: readonly string[]) => items.map((item, i) => `${i + 1} ${item}`).join('\n');
const withHint = (hint: string | undefined, text: string) => (hint ? `${hint}\n${text}` : text);
/** A confirm screen's price line and choice: what is left to pay, or that the package covers it. */
const toPay = (p: { fee: number; covered?: boolean }) =>
  p.covered ? 'Covered by your package.\n1 Confirm' : `Fee ${formatGhs(p.fee)}\n1 Confirm and pay`;
const dial = (shortcode: string) => (shortcode ? `dial ${shortcode}` : 'dial our USSD code');

export const HINT = {
  choice: 'Please type a number from the list.',
  name: 'Please type your first and last name.',
  landmark: 'Please type a landmark (3 to 60 letters).',
  gps: 'That is not a GhanaPost address.',
  code: 'Please type the code as printed.',
  approvalCode: 'That code is not right: check the SMS.',
  pin: 'A PIN is 4 digits.',
  pinGuessable: 'That PIN is too easy to guess.',
  pinMismatch: 'The two PINs were not the same.',
  pinWrong: (triesLeft: number) => `That PIN is not right: ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
} as const;

/** The most items a list screen offers (the rest would not fit). */
export const MAX_CHOICES = 5;
/** Doctors carry a fee on their line: four fit. */
export const MAX_DOCTORS = 4;
export const MAX_TIMES = 8;
/** A doctor's requests (lab tests, prescriptions) with their date and names: four fit. */
export const MAX_REQUESTS = 4;

/** Where automatic renewal (docs/direct-debit.md) stands on My package. */
export type PackageRenewal =
  { kind: 'off' } | { kind: 'prompt' } | { kind: 'otp' } | { kind: 'active'; on: string; amount: number };

export const screens = {
  askName: (hint?: string) => withHint(hint, 'Welcome to ExpMed Health.\nTo start, type your first and last name:'),
  main: (hint?: string, greeting?: string) =>
    withHint(
      hint ?? (greeting ? `Welcome, ${short(greeting, 20)}.` : undefined),
      `ExpMed Health\n${list(['Book', 'My next appointment', 'My package', 'Check a prescription code', 'Call me back'])}`,
    ),
  bookService: (hint?: string) =>
    withHint(
      hint,
      `Book:\n${list([
        'Phone consultation with a doctor',
        'Doctor at home',
        'Nurse at home',
        'Lab tests a doctor asked for',
        'Medicine delivery',
      ])}\n0 Back`,
    ),
  chooseDoctor: (doctors: { name: string; fee: number }[], hint?: string) =>
    withHint(hint, `Choose a doctor:\n${list(doctors.map((d) => `${short(d.name, 12)} ${formatGhs(d.fee)}`))}\n0 Back`),
  chooseDay: (days: string[], hint?: string) => withHint(hint, `Choose a day:\n${list(days)}\n0 Back`),
  chooseTime: (day: string, times: string[], hint?: string) => withHint(hint, `${day}, choose a time:\n${list(times)}\n0 Back`),
  noDays: (shortcode: string) =>
    `No free times in the next 2 weeks. To be called back, ${dial(shortcode)} and choose 5 Call me back.`,
  /** `covered`: the caller's package allowance covers it now (nothing to pay). */
  confirmPhone: (p: { doctor: string; when: string; fee: number; covered?: boolean }, hint?: string) =>
    withHint(hint, `Phone consultation with ${short(p.doctor, 24)}, ${p.when}.\n${toPay(p)}\n0 Cancel`),
  pay: (p: { fee: number }) =>
    `Pay ${formatGhs(p.fee)} for your phone consultation by mobile money. Approve the prompt on your phone. We will text you.`,
  bookedCovered: (p: { doctor: string; when: string }) =>
    `Booked: phone consultation with ${short(p.doctor, 24)}, ${p.when}. Your package covers it. The doctor will call this number.`,
  landmark: (hint?: string) => withHint(hint, 'Type a landmark near your home, e.g. Behind Osu Presby Church:'),
  gps: (hint?: string) => withHint(hint, 'Type your GhanaPost address, e.g. GA-123-4567, or 0 to skip:'),
  confirmHome: (p: { service: string; day: string; landmark: string; gps?: string }, hint?: string) =>
    withHint(hint, `${p.service} on ${p.day}.\nNear: ${short(p.landmark, 40)}${p.gps ? `\n${p.gps}` : ''}\n1 Confirm\n0 Cancel`),
  bookedHome: (p: { service: string; day: string }) =>
    `Booked: ${p.service} on ${p.day}. The clinic will text you who comes and when.`,
  chooseLabRequest: (requests: { label: string }[], hint?: string) =>
    withHint(hint, `Lab tests asked for:\n${list(requests.map((r) => short(r.label, 22)))}\n0 Back`),
  noLabRequests: (shortcode: string) =>
    `No doctor has asked you for lab tests. To ask, ${dial(shortcode)} and choose 5 Call me back.`,
  labWhere: (hint?: string) =>
    withHint(hint, `Where should the samples be taken?\n${list(["At the clinic's lab", 'Samples taken at home'])}\n0 Back`),
  confirmLabs: (p: { tests: string; day: string; fee: number; covered?: boolean }, hint?: string) =>
    withHint(hint, `Lab tests (${short(p.tests, 40)}) on ${p.day}, at the clinic's lab.\n${toPay(p)}\n0 Cancel`),
  confirmLabsAtHome: (p: { day: string; landmark: string; gps?: string; fee: number; covered?: boolean }, hint?: string) =>
    withHint(
      hint,
      `Lab samples taken at home, ${p.day}\nNear: ${short(p.landmark, 30)}${p.gps ? `\n${p.gps}` : ''}\n${toPay(p)}\n0 Cancel`,
    ),
  payLabs: (p: { fee: number }) =>
    `Pay ${formatGhs(p.fee)} for your lab tests by mobile money. Approve the prompt on your phone. We will text you.`,
  bookedLabs: (p: { day: string; atHome?: boolean }) =>
    p.atHome
      ? `Booked: lab samples taken at home on ${p.day}. Nothing to pay. The clinic will text you who comes and when.`
      : `Booked: lab tests on ${p.day} at the clinic's lab. Nothing to pay.`,
  choosePrescription: (prescriptions: { label: string }[], hint?: string) =>
    withHint(hint, `Which prescription?\n${list(prescriptions.map((p) => short(p.label, 22)))}\n0 Back`),
  noPrescriptions: (shortcode: string) =>
    `You have no prescription of ours to deliver. For a paper one, ${dial(shortcode)} and choose 5 Call me back.`,
  nothingNext: (hint?: string) => withHint(hint, 'You have no upcoming appointment.\n1 Book\n0 Back'),
  next: (p: { what: string; when: string; who?: string; paid: string }, hint?: string) =>
    withHint(hint, `${short(p.what, 36)}\n${p.when}${p.who ? `\n${short(p.who, 30)}` : ''}\n${p.paid}\n1 Cancel it\n0 Back`),
  confirmCancel: (p: { refund: number; kept: number }, hint?: string) =>
    withHint(
      hint,
      `Cancel this appointment?${
        p.kept > 0
          ? ` ${formatGhs(p.kept)} is kept (late); ${formatGhs(p.refund)} refunded.`
          : p.refund > 0
            ? ` ${formatGhs(p.refund)} will be refunded.`
            : ''
      }\n1 Yes, cancel\n0 No`,
    ),
  cancelled: (p: { refund: number }) =>
    p.refund > 0
      ? `Cancelled. A refund of ${formatGhs(p.refund)} is due: the clinic will send it to your mobile money.`
      : 'Cancelled. Thank you for telling us.',
  notCancellable: (reason: string) => short(reason, 180),
  noPackage: (hint?: string) => withHint(hint, `You have no package.\n1 Start the free ${TRIAL_DAYS}-day trial\n0 Back`),
  /** My package; `renewal` says where automatic renewal stands, and names choice 1. */
  pkg: (p: { title: string; status: string; daysLeft: number; renewal: PackageRenewal }, hint?: string) =>
    withHint(
      hint,
      `${short(p.title, 30)}: ${p.status}, ${p.daysLeft} days left.\n${
        p.renewal.kind === 'active'
          ? `Renews on ${p.renewal.on} for ${formatGhs(p.renewal.amount)}.\n1 Stop automatic renewal`
          : p.renewal.kind === 'otp'
            ? 'Not approved yet.\n1 Type the approval code\n2 Stop automatic renewal'
            : p.renewal.kind === 'prompt'
              ? 'Approve the prompt on your phone.\n1 Stop automatic renewal'
              : '1 Renew automatically'
      }\n0 Back`,
    ),
  trialStarted: (p: { until: string }) => `Your free trial has started. Its benefits last until ${p.until}.`,
  trialRefused: (reason: string) => short(reason, 180),
  chooseNetwork: (hint?: string) =>
    withHint(hint, `Which mobile money network is this number on?\n${list([...MOBILE_NETWORKS])}\n0 Back`),
  approvePrompt: () =>
    'Approve the prompt on your phone with your mobile money PIN. Then your package renews by itself at the end of each period; we text you 3 days before.',
  approveByCode: (shortcode: string) =>
    `We sent a code by SMS. ${shortcode ? `Dial ${shortcode}` : 'Dial our USSD code'} and choose 3 My package to type it.`,
  askApprovalCode: (hint?: string) => withHint(hint, 'Type the approval code from the SMS:'),
  renewsNow: (p: { on: string; amount: number; number: string }) =>
    `Automatic renewal is on: renews on ${p.on} for ${formatGhs(p.amount)} from ${p.number}. To stop it, choose 3 My package.`,
  confirmStop: (hint?: string) =>
    withHint(
      hint,
      'Stop automatic renewal? Nothing more will be taken; your package lasts until its end date.\n1 Yes, stop\n0 No',
    ),
  renewalStopped: () => 'Automatic renewal is stopped. Nothing more will be taken. You can still renew on our website.',
  renewalRefused: (reason: string) => short(reason, 180),
  askRx: (hint?: string) => withHint(hint, 'Type the prescription code:'),
  rx: (p: { valid: boolean; lines: string[] }) => short(p.lines.join('\n'), 182),
  callbackReason: (hint?: string) => withHint(hint, `Why should we call you?\n${list(CALLBACK_REASONS)}\n0 Back`),
  callbackQueued: (p: { phone: string }) => `Thank you. The clinic will call you on ${p.phone} as soon as it can.`,
  askPin: (hint?: string) => withHint(hint, 'Type your 4-digit PIN for changes by phone:\n0 Back'),
  choosePin: (hint?: string) =>
    withHint(hint, 'To keep changes by phone safe, choose a 4-digit PIN. Keep it secret.\nType your new PIN:\n0 Back'),
  repeatPin: () => 'Type the same PIN again:',
  pinLocked: () =>
    'Your PIN is locked after 3 wrong tries. Reset it in your profile on our website, or at the clinic with your ID.',
  tooManyDials: () => 'You have dialled many times in the last hour. Please try again later, or call the clinic.',
  ended: (shortcode: string) => `This session has ended. Please ${dial(shortcode)} again.`,
  goodbye: () => 'Thank you for using ExpMed Health.',
  busy: () => 'The service is busy. Please dial again in a moment.',
};

export type ScreenName = keyof typeof screens;
