/**
 * Renewal by direct debit end to end (docs/direct-debit.md): opting in on the package card with
 * the OTP the sandbox sends, the notice three days before, the period's end (time moved in the
 * store) Paid once with its receipt; a failed charge retried then lapsed; the one-tap stop and no
 * charge after it. The scheduled job runs from the built functions, as `npm start` runs its schedules.
 */
import { join } from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { formatDate } from '../functions/src/api/format';
import { adminDb, waitUntil } from './support/admin';
import { createActivatedPatient, idTokenFor, loginThroughUi, type TestPatient } from './support/accounts';
import { DESKTOP, PHONE, SITE_URL, newContext, useBrowser } from './support/browser';
import { dialogCloses, dialogSays } from './support/dialogs';
import { localEnv } from './support/local-env';

jest.setTimeout(120_000);

const browser = useBrowser();
const DAY_MS = 86_400_000;
const SANDBOX = 'http://127.0.0.1:5005';
const ROOT = join(__dirname, '..');

/** The hourly job's two steps, from the built functions with the emulator's settings (functions/.env.local). */
function scheduledJobs() {
  for (const file of ['.env.local', '.secret.local'] as const) {
    for (const [key, value] of Object.entries(localEnv(file))) process.env[key] ??= value;
  }
  /* eslint-disable @typescript-eslint/no-require-imports */
  // The functions' own firebase-admin app first, before this file's (store/firebase.ts takes the first app there is).
  (require(join(ROOT, 'functions/lib/store/firebase.js')) as { db: () => unknown }).db();
  // The payable kinds, registered as index.ts registers them for the scheduled functions.
  require(join(ROOT, 'functions/lib/payables.js'));
  const debits = require(join(ROOT, 'functions/lib/services/packages/direct-debit-charges.js')) as {
    runDirectDebits: (o: { only: string[] }) => Promise<unknown>;
  };
  const calendar = require(join(ROOT, 'functions/lib/services/packages/subscription-calendar.js')) as {
    runSubscriptionCalendar: () => Promise<unknown>;
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
  return { runDirectDebits: debits.runDirectDebits, runSubscriptionCalendar: calendar.runSubscriptionCalendar };
}

const jobs = scheduledJobs();

const mandateOf = async (id: string) => (await adminDb().collection('mandates').doc(id).get()).data() ?? {};
const subscriptionOf = async (id: string) => (await adminDb().collection('subscriptions').doc(id).get()).data() ?? {};
const smsTo = async (phone: string) =>
  (
    (await (await fetch(`${SANDBOX}/__control/sms?to=${encodeURIComponent(phone)}`)).json()) as {
      messages: { content: string }[];
    }
  ).messages;
const chargesOf = async (phone: string) =>
  (
    (await (await fetch(`${SANDBOX}/__control/preapprovals?msisdn=${phone.slice(1)}`)).json()) as {
      charges: { outcome: string }[];
    }
  ).charges;
const control = (path: string, body: object = {}) =>
  fetch(`${SANDBOX}/__control${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

async function asPatient<T>(patient: TestPatient, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${SITE_URL}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await idTokenFor(patient.email, patient.password)}` },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { msg: string; data: T };
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${envelope.msg}`);
  return envelope.data;
}

/** A patient with a confirmed phone of their own on the Free trial (GHS 99.00 after it), ending in 2 days. */
async function subscriber() {
  const local = `055${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const patient = await createActivatedPatient({ phone: local });
  const phone = `+233${local.slice(1)}`;
  await adminDb().collection('patients').doc(patient.uid).update({ phoneVerifiedAt: new Date().toISOString() });
  const { id } = await asPatient<{ id: string }>(patient, '/subscriptions', { packageId: 'individual' });
  const end = Date.now() + 2 * DAY_MS;
  await adminDb()
    .collection('subscriptions')
    .doc(id)
    .update({ periodStart: Timestamp.fromMillis(end - 30 * DAY_MS), periodEnd: Timestamp.fromMillis(end) });
  return { patient, phone, id, end, masked: `${local.slice(0, 3)} *** ${local.slice(-4)}` };
}

/** Opted in through the API on MTN, approved on the phone (the sandbox's control). */
async function approvedByUssd(s: Awaited<ReturnType<typeof subscriber>>) {
  await asPatient(s.patient, '/subscriptions/autorenew', { network: 'MTN' });
  await control(`/preapproval/${String((await mandateOf(s.id)).providerId)}/approve`);
  await waitUntil(
    () => mandateOf(s.id),
    (m) => m.status === 'Active',
  );
}

/** Time moved in the store: the charge is due now. */
const chargeDueNow = (id: string) =>
  adminDb()
    .collection('mandates')
    .doc(id)
    .update({ nextChargeAt: Timestamp.fromMillis(Date.now() - 60_000) });

async function profile(patient: TestPatient, viewport = DESKTOP): Promise<Page> {
  const page = await (await newContext(browser(), viewport)).newPage();
  await loginThroughUi(page, patient, '/dashboard/profile');
  return page;
}
const packageCard = (page: Page) => page.getByRole('region', { name: 'My package' });
/** With SCREENSHOTS=1: the package card as the patient sees it, in test-results/. */
async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOTS) await packageCard(page).screenshot({ path: join(ROOT, `test-results/direct-debit-${name}.png`) });
}

it('when the patient opts in with the OTP, then the card says when and how much, the notice comes, and the period end is Paid once with the receipt', async () => {
  const s = await subscriber();
  const page = await profile(s.patient);
  const card = packageCard(page);
  await expect(card.getByLabel(/Mobile money number/).inputValue()).resolves.toBe(`0${s.phone.slice(4)}`);
  await card.getByLabel(/Network/).selectOption('Telecel');
  await card.getByRole('button', { name: 'Renew automatically' }).click();
  await card.getByText(`We have sent a code by SMS to ${s.masked}. Type it below to approve.`).waitFor();
  const sms = await waitUntil(
    () => smsTo(s.phone),
    (m) => m.some((x) => /approval code/.test(x.content)),
  );
  await shot(page, 'otp-1280');
  const otp = /code is \w+-(\d{4})/.exec(sms.find((x) => /approval code/.test(x.content))!.content)![1];
  await card.getByLabel(/Approval code from the SMS/).fill(otp);
  await card.getByRole('button', { name: 'Approve' }).click();
  await dialogSays(page, 'Automatic renewal is on');
  await page.locator('.swal2-confirm').click();
  await dialogCloses(page);
  const renews = `Renews on ${formatDate(new Date(s.end))} for GHS 99.00 from ${s.masked}`;
  await card.getByText(renews).waitFor();
  await shot(page, 'active-1280');

  await jobs.runDirectDebits({ only: [s.id] });
  const notice = await waitUntil(
    () => smsTo(s.phone),
    (m) => m.some((x) => /we will take GHS 99.00/.test(x.content)),
  );
  expect(notice.find((x) => /we will take/.test(x.content))!.content).toContain(`from ${s.masked}`);

  await chargeDueNow(s.id);
  await jobs.runDirectDebits({ only: [s.id] });
  await waitUntil(
    () => subscriptionOf(s.id),
    (d) => (d.periodEnd as Timestamp).toMillis() === s.end + 30 * DAY_MS,
  );
  await jobs.runDirectDebits({ only: [s.id] });
  const renewals = (await adminDb().collection('subscriptionRenewals').where('subscriptionId', '==', s.id).get()).docs;
  expect(renewals.map((d) => d.get('paymentStatus'))).toEqual(['Paid']);
  const reference = String(renewals[0].get('clientReference'));
  await waitUntil(
    () => smsTo(s.phone),
    (m) => m.some((x) => x.content.includes(reference)),
  );
  expect(await chargesOf(s.phone)).toEqual([expect.objectContaining({ outcome: 'Paid' })]);
  await page.reload();
  await packageCard(page)
    .getByText(`Renews on ${formatDate(new Date(s.end + 30 * DAY_MS))} for GHS 99.00 from ${s.masked}`)
    .waitFor();
});

it('when the charge fails, then it is retried, and after the last retry the package lapses and the card offers the packages', async () => {
  const s = await subscriber();
  await approvedByUssd(s);
  await chargeDueNow(s.id);
  await control('/direct-debit/fail-next', { msisdn: s.phone.slice(1), failure: 'insufficient-funds' });
  await jobs.runDirectDebits({ only: [s.id] });
  await waitUntil(
    () => mandateOf(s.id),
    (m) => m.failures === 1,
  );
  await waitUntil(
    () => smsTo(s.phone),
    (m) => m.some((x) => /could not take GHS 99.00/.test(x.content)),
  );
  // Three days on, the period long ended: the last retry fails too.
  await adminDb()
    .collection('subscriptions')
    .doc(s.id)
    .update({ periodEnd: Timestamp.fromMillis(Date.now() - 3 * DAY_MS) });
  await adminDb()
    .collection('mandates')
    .doc(s.id)
    .update({ failures: 3, nextChargeAt: Timestamp.fromMillis(Date.now() - 60_000) });
  await control('/direct-debit/fail-next', { msisdn: s.phone.slice(1), failure: 'insufficient-funds' });
  await jobs.runDirectDebits({ only: [s.id] });
  await waitUntil(
    () => mandateOf(s.id),
    (m) => m.status === 'Cancelled',
  );
  await jobs.runSubscriptionCalendar();
  expect(await subscriptionOf(s.id)).toMatchObject({ status: 'Expired' });
  expect((await chargesOf(s.phone)).map((c) => c.outcome)).toEqual(['insufficient-funds', 'insufficient-funds']);
  const page = await profile(s.patient, PHONE);
  await packageCard(page).getByText("You haven't subscribed to any package").waitFor();
});

it('when the patient stops it with one tap, then no charge is made after, even one already due', async () => {
  const s = await subscriber();
  await approvedByUssd(s);
  await chargeDueNow(s.id);
  const page = await profile(s.patient, PHONE);
  await packageCard(page).getByRole('button', { name: 'Stop automatic renewal' }).waitFor();
  await shot(page, 'active-390');
  await packageCard(page).getByRole('button', { name: 'Stop automatic renewal' }).click();
  await dialogSays(page, 'Automatic renewal is off');
  expect((await mandateOf(s.id)).status).toBe('Cancelled');
  await jobs.runDirectDebits({ only: [s.id] });
  expect(await chargesOf(s.phone)).toEqual([]);
  await page.locator('.swal2-confirm').click();
  await packageCard(page).getByRole('button', { name: 'Renew automatically' }).waitFor();
});
