import { formatDate } from '../../../api/format';
import { USSD_MAX_CHARS } from '../../../api/ussd';
import { isGsm7, septets } from '../../../notifications/sms-text';
import { callbackTried } from '../callbacks';
import {
  HINT,
  MAX_CHOICES,
  MAX_DOCTORS,
  MAX_REQUESTS,
  MAX_TIMES,
  type PackageRenewal,
  screens,
  type ScreenName,
} from '../screens';

/**
 * Every screen of every menu, rendered with the longest values it can meet (the longest
 * hint, names and landmarks past their cut, the most choices, the largest fees), fits one USSD
 * screen: at most 182 GSM-7 characters.
 */
const LONG_NAME = 'Nana Akosua Serwaa Ɔkyeame-Boatengmaa Wiredu-Asamoah Kwakye';
const LONG_HINT = Object.values(HINT)
  .map((hint) => (typeof hint === 'function' ? hint(2) : hint))
  .reduce((a, b) => (a.length >= b.length ? a : b));
const BIG_FEE = 99_999.99;
const DAY = 'Wed 30 Sept';
const SHORTCODE = '*713*4455*99#';

const RENDERS: Record<ScreenName, string[]> = {
  askName: [screens.askName(), screens.askName(LONG_HINT)],
  main: [screens.main(), screens.main(LONG_HINT), screens.main(undefined, LONG_NAME)],
  bookService: [screens.bookService(LONG_HINT)],
  chooseDoctor: [screens.chooseDoctor(Array(MAX_DOCTORS).fill({ name: `Dr ${LONG_NAME}`, fee: BIG_FEE }), LONG_HINT)],
  chooseDay: [screens.chooseDay(Array(MAX_CHOICES).fill(DAY), 'That day is now full or closed.')],
  chooseTime: [screens.chooseTime(DAY, Array(MAX_TIMES).fill('23:30'), 'That time was just taken.')],
  noDays: [screens.noDays(SHORTCODE), screens.noDays('')],
  confirmPhone: [
    screens.confirmPhone({ doctor: `Dr ${LONG_NAME}`, when: `${DAY} 23:30`, fee: BIG_FEE }, LONG_HINT),
    screens.confirmPhone({ doctor: `Dr ${LONG_NAME}`, when: `${DAY} 23:30`, fee: 0, covered: true }, LONG_HINT),
  ],
  pay: [screens.pay({ fee: BIG_FEE })],
  bookedCovered: [screens.bookedCovered({ doctor: `Dr ${LONG_NAME}`, when: `${DAY} 23:30` })],
  landmark: [screens.landmark(LONG_HINT)],
  gps: [screens.gps(LONG_HINT)],
  confirmHome: [
    screens.confirmHome(
      { service: 'Doctor Consultation at home', day: DAY, landmark: LONG_NAME.repeat(3), gps: 'GA-1234-5678' },
      LONG_HINT,
    ),
  ],
  bookedHome: [screens.bookedHome({ service: 'Doctor Consultation at home', day: DAY })],
  chooseLabRequest: [
    screens.chooseLabRequest(Array(MAX_REQUESTS).fill({ label: `30 Sept: ${'Full blood count, '.repeat(5)}` }), LONG_HINT),
  ],
  noLabRequests: [screens.noLabRequests(SHORTCODE), screens.noLabRequests('')],
  labWhere: [screens.labWhere(LONG_HINT)],
  confirmLabs: [
    screens.confirmLabs({ tests: 'Full blood count, '.repeat(10), day: DAY, fee: BIG_FEE }, LONG_HINT),
    screens.confirmLabs({ tests: 'Full blood count, '.repeat(10), day: DAY, fee: 0, covered: true }, LONG_HINT),
  ],
  confirmLabsAtHome: [
    screens.confirmLabsAtHome({ day: DAY, landmark: LONG_NAME.repeat(3), gps: 'GA-1234-5678', fee: BIG_FEE }, LONG_HINT),
    screens.confirmLabsAtHome({ day: DAY, landmark: LONG_NAME.repeat(3), fee: 0, covered: true }, LONG_HINT),
  ],
  payLabs: [screens.payLabs({ fee: BIG_FEE })],
  bookedLabs: [screens.bookedLabs({ day: DAY }), screens.bookedLabs({ day: DAY, atHome: true })],
  choosePrescription: [screens.choosePrescription(Array(MAX_REQUESTS).fill({ label: `30 Sept Dr ${LONG_NAME}` }), LONG_HINT)],
  noPrescriptions: [screens.noPrescriptions(SHORTCODE), screens.noPrescriptions('')],
  nothingNext: [screens.nothingNext(LONG_HINT)],
  next: [
    screens.next(
      {
        what: 'Virtual Consultation (Telemedicine)',
        when: `${DAY} 23:30`,
        who: `Dr ${LONG_NAME}`,
        paid: `Not paid (GHS ${BIG_FEE})`,
      },
      LONG_HINT,
    ),
  ],
  confirmCancel: [
    screens.confirmCancel({ refund: BIG_FEE, kept: BIG_FEE }, LONG_HINT),
    screens.confirmCancel({ refund: BIG_FEE, kept: 0 }),
    screens.confirmCancel({ refund: 0, kept: 0 }),
  ],
  cancelled: [screens.cancelled({ refund: BIG_FEE }), screens.cancelled({ refund: 0 })],
  notCancellable: [screens.notCancellable('x'.repeat(400))],
  noPackage: [screens.noPackage(LONG_HINT)],
  pkg: (['off', 'prompt', 'otp'] as const)
    .map((kind) => ({ kind }) as PackageRenewal)
    .concat({ kind: 'active', on: formatDate('2026-09-30T12:00:00Z'), amount: BIG_FEE })
    .map((renewal) =>
      screens.pkg({ title: 'Family Care Package Premium Plus Gold', status: 'Cancelled', daysLeft: 365, renewal }, LONG_HINT),
    ),
  trialStarted: [screens.trialStarted({ until: '30 September 2027' })],
  trialRefused: [screens.trialRefused('y'.repeat(400))],
  chooseNetwork: [screens.chooseNetwork(LONG_HINT)],
  approvePrompt: [screens.approvePrompt()],
  approveByCode: [screens.approveByCode(SHORTCODE), screens.approveByCode('')],
  askApprovalCode: [screens.askApprovalCode(LONG_HINT)],
  renewsNow: [screens.renewsNow({ on: formatDate('2026-09-30T12:00:00Z'), amount: BIG_FEE, number: '024 *** 4567' })],
  confirmStop: [screens.confirmStop(LONG_HINT)],
  askPin: [screens.askPin(LONG_HINT)],
  choosePin: [screens.choosePin(LONG_HINT)],
  repeatPin: [screens.repeatPin()],
  pinLocked: [screens.pinLocked()],
  tooManyDials: [screens.tooManyDials()],
  renewalStopped: [screens.renewalStopped()],
  renewalRefused: [screens.renewalRefused('z'.repeat(400))],
  askRx: [screens.askRx(LONG_HINT)],
  rx: [screens.rx({ valid: true, lines: ['Genuine: not dispensed yet.', `Dr ${LONG_NAME}`, 'Amoxicillin, '.repeat(30)] })],
  callbackReason: [screens.callbackReason(LONG_HINT)],
  callbackQueued: [screens.callbackQueued({ phone: '0551234567' })],
  ended: [screens.ended(SHORTCODE), screens.ended('')],
  goodbye: [screens.goodbye()],
  busy: [screens.busy()],
};

describe('every USSD screen', () => {
  it('is rendered here (a new screen needs its longest case below)', () => {
    expect(Object.keys(RENDERS).sort()).toEqual(Object.keys(screens).sort());
  });

  it.each(Object.entries(RENDERS).flatMap(([name, texts]) => texts.map((text, i) => [`${name} #${i + 1}`, text])))(
    '%s fits one screen in GSM-7',
    (_name, text) => {
      expect(isGsm7(text)).toBe(true);
      expect(septets(text)).toBeLessThanOrEqual(USSD_MAX_CHARS);
    },
  );
});

describe("the channel's SMS", () => {
  it('the call-back one is a single GSM-7 segment with the clinic name and names the code to dial', () => {
    const sms = `ExpMed Health: ${callbackTried(SHORTCODE).sms}`;
    expect(isGsm7(sms)).toBe(true);
    expect(septets(sms)).toBeLessThanOrEqual(160);
    expect(sms).toContain(SHORTCODE);
  });
});
