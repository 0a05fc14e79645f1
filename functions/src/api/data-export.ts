/**
 * 'Download my data' (Act 843: a person may see what is held about them): the fields that
 * are ours, not theirs, left out of the copy, and the copy as a page a person can read,
 * grouped as the privacy page groups what we collect. Pure: the server strips the answer,
 * the site makes the page from it (next to the JSON, for another service to read).
 */
import { escapeHtml, formatDate, formatGhs } from './format';
import type { PatientDataExport } from './types';

/** The system's own fields (device tokens, app build, checkout plumbing, counters): nothing about the person. */
const INTERNAL_FIELDS = new Set([
  'notificationToken',
  'patientNotificationToken',
  'doctorNotificationToken',
  'buildNumber',
  'versionNumber',
  'lastNotify',
  'errorField',
  'uniqueCode',
  'userType',
  'wallet',
  'balance',
  'checkoutId',
  'checkoutUrl',
  'checkoutDirectUrl',
  'checkoutStartedAt',
  'checkoutOpeningAt',
  'chekoutId',
  'invoiceToken',
  'paymentCallback',
  'coverageUsageId',
  'expireAt',
  'docid',
]);

/** A copy of `value` without INTERNAL_FIELDS, at any depth. */
export function withoutInternal<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutInternal) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !INTERNAL_FIELDS.has(key))
        .map(([key, v]) => [key, withoutInternal(v)]),
    ) as T;
  return value;
}

/** Field names as a person reads them; anything else is its name in words ('requestedService' -> 'Requested service'). */
const LABELS: Record<string, string> = {
  emailAddress: 'E-mail',
  contactNumber: 'Phone',
  patientLocation: 'Location',
  patientPicture: 'Picture',
  dateOfBirth: 'Date of birth',
  consentForTreatment: 'Consent to treatment',
  entryDate: 'Registered',
  lastLogIn: 'Last login',
  verifyDate: 'Verified',
  accountStatus: 'Account status',
  patientId: 'Account id',
  requestedService: 'Service',
  requestedServiceOption: 'Option',
  requestedDay: 'Day',
  requestedTime: 'Time',
  healthProblem: 'Health problem',
  consultationFee: 'Fee',
  clientReference: 'Reference',
  timeOfRequest: 'Booked',
  appointmentStatus: 'Status',
  paymentStatus: 'Payment',
  bookFor: 'Booked for',
  doctorSurName: 'Doctor (surname)',
  doctorOtherNames: 'Doctor (other names)',
  selectedLabs: 'Lab tests',
  appointmentFileName: 'Prescription file',
  organiztionName: 'Organisation',
  organiztionLocation: 'Organisation location',
  organiztionType: 'Organisation type',
  organiztionService: 'Service needed',
  organiztionEmail: 'Organisation e-mail',
  organiztionContact: 'Organisation phone',
  nameOfPerson: 'Contact person',
  packageTitle: 'Package',
  packagePrice: 'Price',
  packageItems: 'What it includes',
  periodStart: 'Period from',
  periodEnd: 'Period to',
  items: 'Items',
  telephone: 'Phone',
  fullName: 'Name',
  date: 'Sent',
  privacyNoticeVersion: 'Privacy notice of',
  issuedAt: 'Issued',
  dispensedAt: 'Dispensed',
  requestedAt: 'Requested',
  testNames: 'Tests',
  tests: 'Test codes',
  clinicalNotes: 'Notes',
  complaint: 'Presenting complaint',
  visitSummary: 'Visit summary',
};

const MONEY = new Set([
  'amount',
  'consultationFee',
  'fullPrice',
  'price',
  'itemPrice',
  'lineTotal',
  'refundAmount',
  'renewalAmount',
]);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/;

const labelOf = (key: string) =>
  LABELS[key] ??
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/ ([A-Z])(?=[a-z])/g, (_, c: string) => ` ${c.toLowerCase()}`);

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** One value as text or markup: dates in the one date style, money in GHS, yes/no, lists, nested records. */
function valueHtml(key: string, v: unknown): string {
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'number') return MONEY.has(key) ? formatGhs(v) : String(v);
  if (typeof v === 'string')
    return escapeHtml(
      DAY.test(v) ? formatDate(v, { weekday: !/birth/i.test(key) }) : TIME.test(v) ? formatDate(v, { time: true }) : v,
    );
  if (Array.isArray(v))
    return `<ul>${v.map((item) => `<li>${item && typeof item === 'object' ? recordHtml(item as object) : valueHtml(key, item)}</li>`).join('')}</ul>`;
  if (v && typeof v === 'object') return recordHtml(v);
  return escapeHtml(String(v));
}

/** A record as label/value rows; empty values left out. */
function recordHtml(record: object): string {
  const rows = Object.entries(record)
    .filter(([, v]) => !isEmpty(v))
    .map(([key, v]) => `<div><dt>${escapeHtml(labelOf(key))}</dt><dd>${valueHtml(key, v)}</dd></div>`);
  return `<dl>${rows.join('')}</dl>`;
}

type Row = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A titled list of records, or a sentence when there are none. */
function section(title: string, items: unknown[], heading: (item: Row) => string, none: string): string {
  const body = items.length
    ? items.map((item) => `<section><h4>${escapeHtml(heading(item as Row))}</h4>${recordHtml(item as object)}</section>`).join('')
    : `<p>${escapeHtml(none)}</p>`;
  return `<h3>${escapeHtml(title)}</h3>${body}`;
}

const STYLE = `body{margin:0;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2933;background:#f4f6f8}
main{max-width:720px;margin:0 auto;padding:1rem}h1{font-size:1.4rem}h2{margin-top:2rem;border-bottom:2px solid #0b6e4f;color:#0b6e4f}
h3{margin:1.25rem 0 .5rem}h4{margin:0 0 .4rem}section{background:#fff;border:1px solid #d9e2ec;border-radius:8px;padding:.75rem;margin:.5rem 0}
dl{margin:0;display:grid;gap:.2rem}dl div{display:grid;grid-template-columns:minmax(8rem,35%) 1fr;gap:.75rem}dt{font-weight:700;color:#52606d}
dd{margin:0;overflow-wrap:anywhere}dd dl{border-left:3px solid #d9e2ec;padding-left:.5rem}ul{margin:0;padding-left:1.2rem}
@media (max-width:480px){dl div{grid-template-columns:1fr;gap:0}}`;

/**
 * The copy as one HTML page: Your account (details, consents, family members), Appointments,
 * Your medical record (visit notes, prescriptions, lab requests), Payments (packages, orders; an appointment's payment is on the appointment), Newsletter,
 * Messages and enquiries. Every value is escaped.
 */
export function exportHtml(data: PatientDataExport): string {
  const p = data.profile;
  const name = `${p.firstName} ${p.lastName}`.trim();
  const appointmentTitle = (a: Row) =>
    `${str(a.requestedService)}, ${formatDate(str(a.requestedDay))}${a.requestedTime ? ` at ${str(a.requestedTime)}` : ''}`;
  const parts = [
    `<h1>The data ${escapeHtml(data.controller)} holds about ${escapeHtml(name || 'you')}</h1>`,
    `<p>Made on ${escapeHtml(formatDate(data.exportedAt, { time: true }))} (Ghana time), under the privacy notice of ${escapeHtml(
      formatDate(data.privacyNoticeVersion),
    )}. The same data is in the JSON file beside this one, for another service to read.</p>`,
    '<h2>Your account</h2>',
    `<h3>Your details</h3><section>${recordHtml(p)}</section>`,
    `<h3>Your consents</h3><section>${recordHtml(data.consents)}</section>`,
    section(
      'Family members',
      data.dependants,
      (d) => `${str(d.firstName)} ${str(d.lastName)}`,
      'You have named no family members.',
    ),
    '<h2>Appointments</h2>',
    section('Your appointments', data.appointments, appointmentTitle, 'You have no appointments.'),
    '<h2>Your medical record</h2>',
    section(
      'Visit notes',
      data.visitNotes,
      (n) => `${str(n.requestedService)}, ${formatDate(str(n.requestedDay))}`,
      'No visit notes yet.',
    ),
    section(
      'Prescriptions',
      data.prescriptions,
      (p) => `Prescription ${str(p.code)}, ${formatDate(str(p.issuedAt))}`,
      'No prescriptions.',
    ),
    section('Lab requests', data.labRequests, (r) => `Lab request of ${formatDate(str(r.requestedAt))}`, 'No lab requests.'),
    '<h2>Payments</h2>',
    section('Packages', data.subscriptions, (s) => str(s.packageTitle), 'You have not subscribed to a package.'),
    section('Orders', data.orders, (o) => `Order ${str(o.clientReference)}`, 'You have no orders.'),
    '<h2>Newsletter</h2>',
    `<p>${data.newsletter.subscribed ? `Subscribed${data.newsletter.since ? ` since ${escapeHtml(formatDate(data.newsletter.since))}` : ''}.` : 'Not subscribed.'}</p>`,
    '<h2>Messages and enquiries</h2>',
    section('Contact messages', data.contactMessages, (m) => `Message of ${formatDate(str(m.date), { time: true })}`, 'None.'),
    section('Organisation enquiries', data.enquiries, (e) => str(e.organiztionName) || 'Enquiry', 'None.'),
  ];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Your data at ${escapeHtml(
    data.controller,
  )}</title><style>${STYLE}</style></head><body><main>${parts.join('\n')}</main></body></html>`;
}
