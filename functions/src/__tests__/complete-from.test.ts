import { completableFrom } from '../api/policy';

describe('when a visit may be completed (api/policy.ts)', () => {
  it('a timed visit from 15 minutes before its start, when a video room opens', () => {
    expect(completableFrom({ requestedDay: '2026-11-27', requestedTime: '18:00' }).toISOString()).toBe(
      '2026-11-27T17:45:00.000Z',
    );
  });

  it('a home visit without a time from the start of its own day, not the evening before', () => {
    expect(completableFrom({ requestedDay: '2026-11-27', requestedTime: null }).toISOString()).toBe('2026-11-27T00:00:00.000Z');
  });
});
