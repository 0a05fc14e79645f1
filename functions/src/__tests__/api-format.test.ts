import { escapeHtml, formatDate, formatGhs } from '../api/format';

describe('formatGhs', () => {
  it('writes cedis with two decimals, GH₵ by default and GHS for mails', () => {
    expect(formatGhs(25)).toBe('GH₵ 25.00');
    expect(formatGhs(211.25, 'GHS')).toBe('GHS 211.25');
    expect(formatGhs(0.1 + 0.2)).toBe('GH₵ 0.30');
  });
});

describe('formatDate', () => {
  it('reads the API timestamp in Ghana time, with or without the time', () => {
    expect(formatDate('2026-03-12 14:05:09', { time: true })).toBe('12 Mar 2026, 14:05');
    expect(formatDate('2026-03-12')).toBe('12 March 2026');
    expect(formatDate(new Date(Date.UTC(2026, 0, 2, 23, 59)), { time: true })).toBe('2 Jan 2026, 23:59');
  });

  it('shows what it cannot read as it came, and a dash for nothing', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDate(undefined)).toBe('—');
    expect(formatDate('')).toBe('—');
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in element content and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
  });
});
