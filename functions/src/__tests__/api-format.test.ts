import { dayWord, escapeHtml, formatDate, formatGhs, formatWhen } from '../api/format';

describe('formatGhs', () => {
  it('writes cedis the one way people read them everywhere: GHS with two decimals', () => {
    expect(formatGhs(25)).toBe('GHS 25.00');
    expect(formatGhs(211.25)).toBe('GHS 211.25');
    expect(formatGhs(0.1 + 0.2)).toBe('GHS 0.30');
  });
});

describe('formatDate', () => {
  it('reads the API timestamp in Ghana time as "Fri 27 Nov 2026", with or without the time', () => {
    expect(formatDate('2026-11-27 10:30:09', { time: true })).toBe('Fri 27 Nov 2026, 10:30');
    expect(formatDate('2026-11-27')).toBe('Fri 27 Nov 2026');
    expect(formatDate(new Date(Date.UTC(2026, 0, 2, 23, 59)), { time: true })).toBe('Fri 2 Jan 2026, 23:59');
    expect(formatDate('2026-09-04T08:00:00.000Z')).toBe('Fri 4 Sep 2026');
  });

  it('leaves the weekday out of a birth date when asked', () => {
    expect(formatDate('1990-05-14', { weekday: false })).toBe('14 May 1990');
  });

  it('shows what it cannot read as it came, and a dash for nothing', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDate(undefined)).toBe('—');
    expect(formatDate('')).toBe('—');
  });
});

describe('formatWhen', () => {
  it("writes an appointment's day and time in the same style, or the day alone", () => {
    expect(formatWhen('2026-11-27', '10:30')).toBe('Fri 27 Nov 2026, 10:30');
    expect(formatWhen('2026-11-27', null)).toBe('Fri 27 Nov 2026');
  });
});

describe('dayWord', () => {
  const at = (iso: string) => new Date(iso);
  it('says today for a later time the same Ghana day, tomorrow for the next, else the date', () => {
    expect(dayWord('2026-11-27', at('2026-11-27T15:37:00Z'))).toBe('today');
    expect(dayWord('2026-11-28', at('2026-11-27T23:59:00Z'))).toBe('tomorrow');
    expect(dayWord('2026-12-01', at('2026-11-30T00:00:00Z'))).toBe('tomorrow');
    expect(dayWord('2026-11-29', at('2026-11-27T08:00:00Z'))).toBe('on Sun 29 Nov 2026');
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in element content and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
  });
});
