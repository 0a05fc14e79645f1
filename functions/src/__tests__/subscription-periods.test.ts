import { allowanceWindow, canRenew, daysLeft, isLive, renewalOpensAt, renewedPeriod } from '../api/subscriptions-contract';
import { dependantSchema } from '../api/subscription-requests';
import { PACKAGES } from '../seed/catalog';
import { benefitsFromItems } from '../seed/catalog-schema';
import { renewalReminder, subscriptionExpired, trialStarted, subscriptionCancelled } from '../notifications/templates';
import { benefitFor } from '../api/subscriptions-contract';
import { coverageNote } from '../services/packages/benefits';

const NOW = new Date('2026-05-10T12:00:00.000Z');
const day = (n: number) => new Date(NOW.getTime() + n * 86_400_000).toISOString();

describe('subscription periods, with a fixed clock', () => {
  it('counts whole days left and reads a period past its end as not live', () => {
    expect(daysLeft(day(30), NOW)).toBe(30);
    expect(daysLeft(day(0.5), NOW)).toBe(1);
    expect(daysLeft(day(-2), NOW)).toBe(0);
    expect(isLive({ status: 'Active', periodEnd: day(1) }, NOW)).toBe(true);
    expect(isLive({ status: 'Cancelled', periodEnd: day(1) }, NOW)).toBe(true);
    expect(isLive({ status: 'Trial', periodEnd: day(-0.01) }, NOW)).toBe(false);
    expect(isLive({ status: 'Pending', periodEnd: day(10) }, NOW)).toBe(false);
  });

  it('opens renewal 5 days before the end, and after it; never while Pending', () => {
    expect(renewalOpensAt(day(30)).toISOString()).toBe(day(25));
    expect(canRenew({ status: 'Active', periodEnd: day(6) }, NOW)).toBe(false);
    expect(canRenew({ status: 'Active', periodEnd: day(5) }, NOW)).toBe(true);
    expect(canRenew({ status: 'Trial', periodEnd: day(1) }, NOW)).toBe(true);
    expect(canRenew({ status: 'Expired', periodEnd: day(-40) }, NOW)).toBe(true);
    expect(canRenew({ status: 'Pending' }, NOW)).toBe(false);
  });

  it('moves periodEnd 30 days on from the old end while it runs, and from now once it has ended', () => {
    const running = renewedPeriod({ status: 'Active', periodStart: day(-27), periodEnd: day(3) }, NOW);
    expect(running.periodStart.toISOString()).toBe(day(-27));
    expect(running.periodEnd.toISOString()).toBe(day(33));
    const ended = renewedPeriod({ status: 'Expired', periodStart: day(-50), periodEnd: day(-20) }, NOW);
    expect(ended.periodStart.toISOString()).toBe(NOW.toISOString());
    expect(ended.periodEnd.toISOString()).toBe(day(30));
  });

  it('counts the allowance in 30-day windows from periodStart, the last one ending at periodEnd', () => {
    const s = { periodStart: day(-35), periodEnd: day(25) };
    const w = allowanceWindow(s, NOW);
    expect(w.start.toISOString()).toBe(day(-5));
    expect(w.end.toISOString()).toBe(day(25));
    expect(allowanceWindow({ periodStart: day(-2), periodEnd: day(28) }, NOW).start.toISOString()).toBe(day(-2));
  });
});

describe('package benefits from the package items', () => {
  it('reads the numbers the Compare Features table states', () => {
    const byId = Object.fromEntries(PACKAGES.map((p) => [p.id, p.benefits]));
    expect(byId.individual).toEqual({
      virtualConsultationsPerPeriod: 2,
      labDiscountPercent: 10,
      homeVisitsPerPeriod: 1,
      people: 1,
    });
    expect(byId.student).toEqual({ virtualConsultationsPerPeriod: 2, labDiscountPercent: 15, homeVisitsPerPeriod: 0, people: 1 });
    expect(byId['family-care']).toEqual({
      virtualConsultationsPerPeriod: 'unlimited',
      labDiscountPercent: 20,
      homeVisitsPerPeriod: 2,
      people: 5,
    });
    expect(benefitsFromItems([])).toEqual({
      virtualConsultationsPerPeriod: 0,
      labDiscountPercent: 0,
      homeVisitsPerPeriod: 0,
      people: 1,
    });
  });

  it('names the benefit a booking may use and says what is left', () => {
    expect(benefitFor({ requestedServiceId: 1 })).toBe('virtualConsultation');
    expect(benefitFor({ requestedServiceId: 6 })).toBe('labDiscount');
    expect(benefitFor({ requestedServiceId: 3 })).toBe('homeVisit');
    expect(benefitFor({ requestedServiceId: 5, requestedServiceOption: 'VIRTUAL' })).toBeUndefined();
    expect(benefitFor({ requestedServiceId: 5, requestedServiceOption: 'HOME_VISIT' })).toBe('homeVisit');
    expect(coverageNote('Individual Package', 'virtualConsultation', 2, 1)).toBe(
      'Covered by your Individual Package: nothing to pay (1 of 2 virtual consultations left this period).',
    );
    expect(coverageNote('Family Care Package', 'virtualConsultation', 'unlimited', 7)).toMatch(/unlimited/);
  });
});

describe('subscription notices', () => {
  const record = { packageTitle: 'Family Care Package', periodEnd: '2026-06-09T12:00:00.000Z' };
  it('name the clinic in SMS of at most 320 characters and carry the renew link', () => {
    const link = 'https://expmedhealth.com/dashboard/profile';
    const notices = [
      trialStarted(record),
      renewalReminder({ ...record, daysBefore: 5, amount: 249, link }),
      renewalReminder({ ...record, daysBefore: 1, amount: 249, link }),
      subscriptionExpired({ ...record, link }),
      subscriptionCancelled(record),
    ];
    for (const n of notices) {
      expect(n.sms!.length).toBeLessThanOrEqual(320);
      expect(n.sms).toContain('ExpMed Health');
    }
    expect(notices[1].paragraphs.join(' ')).toContain(link);
    expect(notices[1].subject).toBe('Your Family Care Package ends in 5 days');
    expect(notices[2].subject).toBe('Your Family Care Package ends tomorrow');
    expect(renewalReminder({ ...record, packageTitle: 'x'.repeat(400), daysBefore: 1, link }).sms!.length).toBeLessThanOrEqual(
      320,
    );
  });
});

describe('the dependant form', () => {
  it('names the field it refuses', async () => {
    const ok = { firstName: 'Esi', lastName: 'Mensah', relation: 'Child', dateOfBirth: '2015-02-01', gender: 'FEMALE' };
    await expect(dependantSchema.validate(ok)).resolves.toMatchObject(ok);
    await expect(dependantSchema.validate({ ...ok, relation: 'Cousin' })).rejects.toThrow(/Relation/);
    await expect(dependantSchema.validate({ ...ok, dateOfBirth: '2999-01-01' })).rejects.toThrow(/Date of birth/);
  });
});
