/**
 * How money, dates and text in HTML are written, for the site and the server's mails alike.
 * Pure TypeScript (bundled into the browser too). Ghana keeps GMT all year, so Ghana time is UTC.
 */

/**
 * An amount in cedis with two decimals: 'GHS 25.00', the one way money is written for people
 * (site, console, mails, SMS). GHS rather than GH₵: it is what the package prices
 * read ('GHS {price}/month'), what mobile money and the payment provider print on their own
 * receipts, what screen readers spell out, and it stays in GSM-7, so an SMS says the same
 * (docs/patient-experience.md).
 */
export function formatGhs(amount: number): string {
  return `GHS ${amount.toFixed(2)}`;
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

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * 'Fri 27 Nov 2026' in Ghana time (UTC all year); `weekday: false` for a birth date. Spelled
 * out here rather than by Intl, whose short months differ between engines ('Sep', 'Sept').
 */
const dayText = (date: Date, weekday: boolean) =>
  `${weekday ? `${WEEKDAYS[date.getUTCDay()]} ` : ''}${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;

/** 'HH:mm' of an instant in Ghana time. */
const clockText = (date: Date) => date.toISOString().slice(11, 16);

/**
 * A date as people read it, everywhere (pages, console, mails, SMS), in Ghana time:
 * 'Fri 27 Nov 2026', or with `time`, 'Fri 27 Nov 2026, 10:30'. What cannot be read as a
 * date is shown as it came ('—' for nothing). GSM-7 only, so an SMS carries it unchanged.
 */
export function formatDate(value: string | Date | undefined, { time = false, weekday = true } = {}): string {
  const date = value === undefined || value === '' ? undefined : parse(value);
  if (!date) return typeof value === 'string' && value ? value : '—';
  return time ? `${dayText(date, weekday)}, ${clockText(date)}` : dayText(date, weekday);
}

/**
 * An appointment's day and time ('yyyy-MM-dd', 'HH:mm' or none) as people read it:
 * 'Fri 27 Nov 2026, 10:30', or the day alone when the clinic agrees the time later.
 */
export const formatWhen = (day: string, time?: string | null): string =>
  time ? formatDate(`${day} ${time}`, { time: true }) : formatDate(day);

/**
 * How far off a day is, as a reminder says it: 'today', 'tomorrow', or 'on Fri 27 Nov 2026'
 * (Ghana days: a reminder sent at 15:37 for 18:00 the same day says 'today').
 */
export function dayWord(day: string, now: Date = new Date()): string {
  const today = now.toISOString().slice(0, 10);
  if (day === today) return 'today';
  if (day === new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)) return 'tomorrow';
  return `on ${formatDate(day)}`;
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

/** The original site's 'yyyy-MM-dd HH:mm:ss' fields (timeOfRequest, declinedDate, date...), in Ghana time: the one formatter. */
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
