import { benefitLines, usageLines } from '@/shared/subscriptions/benefits';

describe("a package's benefits in words", () => {
  it('when a package has allowances, a discount and several people, then each is one line', () => {
    expect(benefitLines({ virtualConsultationsPerPeriod: 2, labDiscountPercent: 15, homeVisitsPerPeriod: 1, people: 5 })).toEqual(
      ['2 virtual consultations a month', '1 home visit a month', '15% off lab tests', 'Covers up to 5 people'],
    );
  });

  it('when an allowance is unlimited or 0, then it reads Unlimited or is left out', () => {
    expect(
      benefitLines({ virtualConsultationsPerPeriod: 'unlimited', labDiscountPercent: 0, homeVisitsPerPeriod: 0, people: 1 }),
    ).toEqual(['Unlimited virtual consultations a month', 'Covers 1 person']);
  });

  it("when the period's usage is given, then it says used and left for the benefits the package has", () => {
    const benefits = {
      virtualConsultationsPerPeriod: 1,
      labDiscountPercent: 0,
      homeVisitsPerPeriod: 'unlimited' as const,
      people: 1,
    };
    const usage = { virtualConsultations: { used: 1, left: 0 }, homeVisits: { used: 4, left: 'unlimited' as const } };
    expect(usageLines(benefits, usage)).toEqual(['Virtual consultations: 1 used, 0 left', 'Home visits: 4 used, unlimited left']);
    expect(usageLines({ ...benefits, homeVisitsPerPeriod: 0 }, usage)).toEqual(['Virtual consultations: 1 used, 0 left']);
  });
});
