/**
 * The USSD channel end to end (docs/ussd.md): the sandbox's phone simulator
 * (http://127.0.0.1:5005/ussd) calls the clinic's /ussd through Hosting as the network does,
 * its mobile-money prompt pays through the USSD checkout and posts the fulfilment to
 * /ussd/fulfilment; the desk works the call-back queue in the console.
 */
import type { Page } from 'playwright-core';
import { adminDb, waitUntil } from './support/admin';
import { newContext, SITE_URL, useBrowser } from './support/browser';
import { dialogCloses, dialogSays } from './support/dialogs';
import { localEnv, localSecret } from './support/local-env';
import { staffSignIn } from './support/staff';

jest.setTimeout(120_000);

const SANDBOX = 'http://127.0.0.1:5005';
const browser = useBrowser();

// The emulator loads the function on its first request, and a new caller's first screen builds
// Firestore's indexes for its queries (seconds on a busy machine); the network, and so the
// simulator, gives up after 5 s. So a keyed dial from a throwaway number, repeated until it
// answers well inside that limit, warms the very path the first test takes.
beforeAll(async () => {
  const service = `${SITE_URL}/ussd/${localSecret('USSD_GATEWAY_KEY')}`;
  const post = (body: Record<string, unknown>) =>
    fetch(service, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const code = `${localEnv('.env.local').USSD_SHORTCODE}#`;
  for (let attempt = 1; ; attempt += 1) {
    const session = { Mobile: `233${freshLocal().slice(1)}`, SessionId: `warm-up-${attempt}`, ServiceCode: code };
    const started = Date.now();
    const res = await post({ ...session, Type: 'Initiation', Message: code, Sequence: 1 });
    const tookMs = Date.now() - started;
    await post({ ...session, Type: 'Release', Message: '', Sequence: 2 });
    if (res.ok && tookMs < 2_500) return;
    if (attempt === 10) throw new Error(`/ussd still answers a first dial in ${tookMs} ms (${res.status}) after 10 tries`);
  }
}, 110_000);

const freshLocal = () => `055${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const stored = (local: string) => `+233${local.slice(1)}`;

/** The simulator, a person at the keypad: dial, read the screen, type answers. */
async function openPhone(): Promise<Page> {
  const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${SANDBOX}/ussd`);
  return page;
}

const screen = (page: Page) => page.getByRole('status');

async function dial(page: Page, local: string) {
  await page.getByLabel('Phone number').fill(local);
  await page.getByRole('button', { name: /^Dial/ }).click();
  await page.waitForFunction(() => Boolean(document.getElementById('screen')?.textContent));
  await expect(screen(page).textContent()).resolves.not.toMatch(/^Connection problem/);
}

/** Types an answer and waits for the next screen (the old one is replaced). */
async function answer(page: Page, text: string, expecting: string | RegExp) {
  const before = await screen(page).textContent();
  await page.getByLabel('Your answer').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await page.waitForFunction((old) => document.getElementById('screen')?.textContent !== old, before);
  await expect(screen(page).textContent()).resolves.toMatch(expecting);
}

async function patientOf(local: string) {
  const snap = await adminDb().collection('patients').where('contactNumber', '==', stored(local)).get();
  return snap.docs.map((d) => ({ id: d.id, ...d.data() }));
}

const smsTo = async (to: string) =>
  ((await (await fetch(`${SANDBOX}/__control/sms?to=${encodeURIComponent(to)}`)).json()) as { messages: { content: string }[] })
    .messages;

it('a new number gives a name, books a phone consultation and pays by the mobile-money prompt', async () => {
  const page = await openPhone();
  const local = freshLocal();
  await dial(page, local);
  await expect(screen(page).textContent()).resolves.toContain('type your first and last name');
  await answer(page, 'Abena Owusu', /Welcome, Abena\.\nExpMed Health\n1 Book/);
  await answer(page, '1', '1 Phone consultation with a doctor');
  await answer(page, '1', 'Choose a doctor');
  await answer(page, '1', 'Choose a day');
  await answer(page, '1', 'choose a time');
  await answer(page, '1', '1 Confirm and pay');
  await page.getByLabel('Your answer').fill('1');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByText(/^Mobile money: pay GHS \d+\.\d\d to ExpMed Health/).waitFor();
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForFunction(() => document.getElementById('screen')?.textContent?.includes('Payment approved.'));

  const [record] = await patientOf(local);
  expect(record).toMatchObject({ source: 'USSD', firstName: 'Abena' });
  const paid = await waitUntil(
    async () => (await adminDb().collection('appointments').where('patientId', '==', record.id).get()).docs.map((d) => d.data()),
    (list) => list[0]?.paymentStatus === 'Paid',
  );
  expect(paid).toHaveLength(1);
  expect(paid[0]).toMatchObject({ channel: 'USSD', visitMode: 'phone', paymentStatus: 'Paid' });
  const texts = await waitUntil(
    () => smsTo(stored(local)),
    (m) => m.some((s) => s.content.includes('received')),
  );
  expect(texts.some((s) => s.content.includes('received'))).toBe(true);
  await page.context().close();
});

it('a home visit is booked with a landmark and a GhanaPost code typed without dashes', async () => {
  const page = await openPhone();
  const local = freshLocal();
  await dial(page, local);
  await answer(page, 'Kwesi Mensah', /1 Book/);
  await answer(page, '1', '2 Doctor at home');
  await answer(page, '2', 'Choose a day');
  await answer(page, '1', 'Type a landmark near your home');
  await answer(page, 'Near Kaneshie Market', 'GhanaPost address');
  await answer(page, 'ga1838164', 'Doctor Consultation at home on');
  await expect(screen(page).textContent()).resolves.toContain('Near: Near Kaneshie Market\nGA-183-8164\n1 Confirm');
  await answer(page, '1', /^Booked: Doctor Consultation at home on .+\. The clinic will text you who comes and when\./);
  await page.context().close();

  const [record] = await patientOf(local);
  const booked = (await adminDb().collection('appointments').where('patientId', '==', record.id).get()).docs.map((d) => d.data());
  expect(booked).toEqual([
    expect.objectContaining({
      channel: 'USSD',
      requestedServiceId: 2,
      address: { line: 'Near Kaneshie Market', landmark: 'Near Kaneshie Market', digitalAddress: 'GA-183-8164' },
    }),
  ]);
});

/** Dials again on the same phone (after the last session ended) and waits for the new first screen. */
async function redial(page: Page, local: string, expecting: string | RegExp) {
  const before = await screen(page).textContent();
  await page.getByLabel('Phone number').fill(local);
  await page.getByRole('button', { name: /^Dial/ }).click();
  await page.waitForFunction((old) => document.getElementById('screen')?.textContent !== old, before);
  await expect(screen(page).textContent()).resolves.toMatch(expecting);
}

it('a returning number sees its next appointment, starts the package trial, sees it, checks a prescription code, and cancels the appointment', async () => {
  const page = await openPhone();
  const local = freshLocal();
  await dial(page, local);
  await answer(page, 'Efua Quaye', /1 Book/);
  await answer(page, '1', '3 Nurse at home');
  await answer(page, '3', 'Choose a day');
  await answer(page, '1', 'Type a landmark near your home');
  await answer(page, 'Behind Madina Zongo mosque', 'GhanaPost address');
  await answer(page, '0', 'Nursing Home Care on');
  await answer(page, '1', /^Booked: Nursing Home Care on /);

  // 2 My next appointment: what, when, and nothing to pay; 3 My package: the free trial.
  await redial(page, local, /^ExpMed Health\n1 Book/);
  await answer(page, '2', /^Nursing Home Care\n.+\nNothing to pay\n1 Cancel it\n0 Back$/);
  await answer(page, '0', /^ExpMed Health\n1 Book/);
  await answer(page, '3', 'You have no package.\n1 Start the free 30-day trial');
  // A change by phone: the first one asks for a PIN, typed twice (docs/ussd.md 'The PIN').
  await answer(page, '1', 'choose a 4-digit PIN');
  await answer(page, '5931', 'Type the same PIN again:');
  await answer(page, '5931', /^Your free trial has started\. Its benefits last until /);

  // Dialling again: the trial with its days left; then 4, a prescription code as a pharmacy would check it.
  const [record] = await patientOf(local);
  const code = 'E2EUSSD' + String(Math.floor(Math.random() * 900) + 100).replace(/[01]/g, '7');
  // A prescription of this person's, as a doctor's issuing leaves it (docs/record.md), put in the store for the check.
  await adminDb()
    .collection('prescriptions')
    .add({
      patientId: record.id,
      appointmentId: 'e2e-ussd-visit',
      doctorId: 'dr-mensah',
      doctor: 'Dr Kwame Mensah',
      prescribedBy: { uid: 'dr-mensah', role: 'doctor' },
      patientName: 'Efua Quaye',
      patientInitials: 'E.Q.',
      patientDateOfBirth: '',
      items: [
        {
          medicine: 'Amoxicillin',
          strength: '500 mg',
          dose: '1 capsule',
          frequency: '3 times a day',
          duration: '5 days',
          quantity: 15,
        },
      ],
      code,
      status: 'Issued',
      issuedAt: new Date(),
    });
  await redial(page, local, /^ExpMed Health\n1 Book/);
  await answer(page, '3', /^Individual Package: Trial, (29|30) days left\./);
  await answer(page, '0', /^ExpMed Health\n1 Book/);
  await answer(page, '4', 'Type the prescription code:');
  await answer(page, code.toLowerCase(), `Prescription ${code} is genuine and not yet dispensed.`);
  await expect(screen(page).textContent()).resolves.toContain('Dr Kwame Mensah');
  await expect(screen(page).textContent()).resolves.not.toContain('Amoxicillin');

  // 2 My next appointment again: cancel it; nothing was paid, so nothing is due back.
  await redial(page, local, /^ExpMed Health\n1 Book/);
  await answer(page, '2', /^Nursing Home Care\n.+\nNothing to pay\n1 Cancel it\n0 Back$/);
  await answer(page, '1', 'Cancel this appointment?\n1 Yes, cancel\n0 No');
  await answer(page, '1', 'Type your 4-digit PIN for changes by phone:');
  await answer(page, '5931', 'Cancelled. Thank you for telling us.');
  const booked = await adminDb().collection('appointments').where('patientId', '==', record.id).get();
  expect(booked.docs.map((d) => d.get('appointmentStatus'))).toEqual(['Cancelled']);
  await redial(page, local, /^ExpMed Health\n1 Book/);
  await answer(page, '2', /^You have no upcoming appointment\./);
  await page.context().close();
});

it('a call-back asked for on the phone is seen in the console, tried (the person gets the SMS) and closed', async () => {
  const phone = await openPhone();
  const local = freshLocal();
  await dial(phone, local);
  await answer(phone, 'Yaw Boakye', /1 Book/);
  await answer(phone, '5', 'Why should we call you?');
  await answer(phone, '3', `The clinic will call you on ${local}`);
  await phone.context().close();

  const context = await newContext(browser());
  const page = await context.newPage();
  await staffSignIn(page, 'staff', '/staff/callbacks');
  await page.getByRole('heading', { level: 1, name: 'Call-backs' }).waitFor();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Yaw Boakye' }) });
  await card.getByText(/A payment/).waitFor();
  const call = card.getByRole('link', { name: `Call ${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}` });
  expect(await call.getAttribute('href')).toBe(`tel:${stored(local)}`);

  await card.getByRole('button', { name: /^No answer/ }).click();
  await page.getByLabel('What happened').fill('Rang twice, no answer');
  await page.getByRole('button', { name: 'Save' }).click();
  await dialogSays(page, 'Saved!');
  await page.getByRole('button', { name: 'OK' }).click();
  await dialogCloses(page);
  const sms = await waitUntil(
    () => smsTo(stored(local)),
    (m) => m.length > 0,
  );
  expect(sms.map((m) => m.content)).toEqual([
    'ExpMed Health: We tried to call you back but could not reach you. To ask again, dial *713*4455# and choose 5.',
  ]);

  // Tried stays in the queue's Tried list; Done closes it.
  await page.getByRole('button', { name: 'Tried', exact: true }).click();
  const tried = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Yaw Boakye' }) });
  await tried.getByRole('button', { name: /^Done/ }).click();
  await page.getByLabel('What happened').fill('Explained the receipt');
  await page.getByRole('button', { name: 'Save' }).click();
  await dialogSays(page, 'Saved!');
  await page.getByRole('button', { name: 'OK' }).click();
  await dialogCloses(page);
  const [doc] = (await adminDb().collection('callbacks').where('phone', '==', stored(local)).get()).docs.map((d) => d.data());
  expect(doc).toMatchObject({ status: 'Done', outcome: 'Explained the receipt' });
  await context.close();
});
