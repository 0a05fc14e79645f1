/**
 * How money, dates and text in HTML are written, for the site and the server's mails alike.
 * Pure TypeScript (bundled into the browser too). Ghana keeps GMT all year, so Ghana time is UTC.
 */

/**
 * An amount in cedis with two decimals: 'GH₵ 25.00' on the site (spec: prices in GH₵); mails and
 * the payment summary spell the code, 'GHS 25.00', which every mail program and screen reader reads.
 */
export function formatGhs(amount: number, unit: 'GH₵' | 'GHS' = 'GH₵'): string {
  return `${unit} ${amount.toFixed(2)}`;
}

/** The API's 'yyyy-MM-dd HH:mm:ss' (Ghana time), a 'yyyy-MM-dd' day, an ISO string or a Date. */
const parse = (value: string | Date): Date | undefined => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  const api = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
  const date = api
    ? new Date(Date.UTC(+api[1], +api[2] - 1, +api[3], +(api[4] ?? 0), +(api[5] ?? 0), +(api[6] ?? 0)))
    : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/**
 * A date as people read it, in Ghana time: '12 March 2026', or with `time`, '12 Mar 2026, 14:05'.
 * What cannot be read as a date is shown as it came ('—' for nothing).
 */
export function formatDate(value: string | Date | undefined, { time = false } = {}): string {
  const date = value === undefined || value === '' ? undefined : parse(value);
  if (!date) return typeof value === 'string' && value ? value : '—';
  return date.toLocaleString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: time ? 'short' : 'long',
    year: 'numeric',
    ...(time ? { hour: '2-digit', minute: '2-digit' } : {}),
  });
}

const ACCRA_PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Accra',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The spec's 'yyyy-MM-dd HH:mm:ss' fields (timeOfRequest, declinedDate, date...), in Ghana time: the one formatter. */
export function ghanaTimestamp(at: Date = new Date()): string {
  const part = Object.fromEntries(ACCRA_PARTS.formatToParts(at).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe inside HTML, element content and quoted attributes alike (mail templates). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]);

/**
 * Characters that must never reach a mail, an SMS or a calendar file from what people typed:
 * C0 and C1 controls (a bare carriage return ends an .ics line, or a mail header), DEL, and
 * the Unicode bidirectional overrides that can make a name or a place read as something else.
 * Tabs, line and paragraph separators count as line breaks or spaces (below).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this rule's purpose
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text cleaned for a mail, an SMS or an .ics: every line break (CR LF, a bare CR, U+2028/9)
 * becomes one LF, tabs become spaces, other control characters go. `singleLine` (a subject,
 * an SMS) turns the line breaks into spaces too. The one helper every such writer uses.
 */
export function cleanText(text: string, { singleLine = false } = {}): string {
  const lines = String(text)
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
    .replace(/\t/g, ' ')
    .replace(CONTROLS, '');
  return singleLine ? lines.replace(/\n+/g, ' ') : lines;
}
