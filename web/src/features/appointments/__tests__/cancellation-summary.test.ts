import { cancellationSummary } from '@/features/appointments/api/appointments';

const base = { allowed: true as const, currencyCode: 'GHS' as const, policy: 'policy' };

describe('cancellationSummary (the confirm dialog says which rule applies)', () => {
  it('when a paid one is cancelled 12 hours or more ahead, then it says free and the full refund', () => {
    const text = cancellationSummary({ ...base, rule: 'free', paid: true, refundAmount: 150, feeAmount: 0 });
    expect(text).toMatch(/at least 12 hours.*free of charge/);
    expect(text).toContain('150.00 will be refunded');
  });

  it('when a paid one is cancelled later, then it names the 50% fee kept and the refund', () => {
    const text = cancellationSummary({ ...base, rule: 'late', paid: true, refundAmount: 75, feeAmount: 75 });
    expect(text).toMatch(/less than 12 hours.*50% late cancellation fee of .*75\.00 is kept and .*75\.00 will be refunded/);
  });

  it('when an unpaid one is cancelled late, then nothing is charged; when not allowed, then the server reason', () => {
    expect(cancellationSummary({ ...base, rule: 'late', paid: false, refundAmount: 0, feeAmount: 0 })).toMatch(
      /nothing is charged/,
    );
    expect(cancellationSummary({ allowed: false, reason: 'This appointment is already cancelled.', policy: 'p' })).toBe(
      'This appointment is already cancelled.',
    );
  });
});
