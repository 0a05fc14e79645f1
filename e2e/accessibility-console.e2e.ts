/**
 * axe-core on every page of the staff console (signed out, as the admin, as the nurse) at phone
 * and desktop width, and on its dialogs while open: no serious or critical violation may
 * remain. The public and patient pages are in accessibility.e2e.ts; the two files run on
 * separate Jest workers, so neither waits for the other.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createActivatedPatient, idTokenFor } from './support/accounts';
import { checkDialog, checkRoute, seriousViolations } from './support/axe';
import { DESKTOP, launchBrowser, newContext, PHONE, SITE_URL } from './support/browser';
import { STAFF_PATHS, type StaffPath } from '../web/src/app/paths';
import { PAGE_HEADINGS } from './support/pages';
import { adminAuth, adminDb } from './support/admin';
import { STAFF_LOGINS, STAFF_PASSWORD, bookAsPatient, freshDay, staffSignIn } from './support/staff';

jest.setTimeout(120_000);

/** A staff member's request through Hosting (setting up what a page shows). */
async function postAsStaff(who: keyof typeof STAFF_LOGINS, path: string, body: unknown) {
  const res = await fetch(`${SITE_URL}/api${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${await idTokenFor(STAFF_LOGINS[who], STAFF_PASSWORD)}`,
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
}

type Example = [address: string, heading: string | RegExp];

/** A console page opened from an appointment or a patient, not the menu: checked in a test of its own. */
const RECORD_PAGE = '/staff/records/:patientId';

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, PHONE);
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

describe('axe on the staff console', () => {
  let staffPage: Page;
  let homeVisit = '';
  let patientEmail = '';
  const examples: Partial<Record<StaffPath, Example>> = {};
  beforeAll(async () => {
    // A patient with a booking, so the pages of one appointment and one patient have something to show.
    const patient = await createActivatedPatient();
    const name = `${patient.firstName} ${patient.lastName}`;
    const day = freshDay();
    const { appointmentId } = await bookAsPatient(patient, { requestedServiceId: 4, requestedDay: day });
    examples['/staff/appointments/:appointmentId'] = [`/staff/appointments/${appointmentId}`, name];
    examples['/staff/patients/:patientId'] = [`/staff/patients/${patient.uid}`, name];
    examples['/staff/records/:patientId'] = [`/staff/records/${patient.uid}`, name];
    examples['/staff/appointments'] = [`/staff/appointments?day=${day}`, PAGE_HEADINGS['/staff/appointments']];
    examples['/staff/patients'] = [`/staff/patients?q=${encodeURIComponent(patient.email)}`, PAGE_HEADINGS['/staff/patients']];
    examples['/staff/day-sheet'] = [`/staff/day-sheet?day=${day}&homeVisits=true`, 'Day sheet: Home visits'];
    // A second home visit goes to the seeded nurse, so her day (My visits) has a visit to show.
    examples['/staff/visits'] = [`/staff/visits?day=${day}`, PAGE_HEADINGS['/staff/visits']];
    homeVisit = (await bookAsPatient(patient, { requestedServiceId: 3, requestedDay: day })).appointmentId;
    patientEmail = patient.email;
    const nurse = await adminAuth().getUserByEmail(STAFF_LOGINS.nurse);
    await postAsStaff('staff', `/staff/appointments/${homeVisit}/accept`, {});
    await postAsStaff('staff', `/staff/appointments/${homeVisit}/assign`, {
      assignedTo: nurse.uid,
      arrivalWindow: { from: '10:00', to: '12:00' },
    });
    staffPage = await (await newContext(browser, PHONE)).newPage();
  });

  it('when /staff is opened signed out, then its sign-in has no serious or critical violation', async () => {
    expect(await checkRoute(page, '/staff', 'Staff sign in')).toEqual([]);
  });

  // An admin sees every section: each path of paths.ts STAFF_PATHS is opened, and axe runs once it
  // shows its own heading (the record page and the clinicians' own day, My visits as the nurse, below).
  const ADMIN_PATHS = STAFF_PATHS.filter((path) => path !== RECORD_PAGE && path !== '/staff/visits');
  let signedIn = false;
  it.each(ADMIN_PATHS)('when the admin opens %s, then axe finds no serious or critical violation', async (path) => {
    if (!signedIn) await staffSignIn(staffPage, 'admin');
    signedIn = true;
    const example =
      examples[path] ?? (path in PAGE_HEADINGS ? [path, PAGE_HEADINGS[path as keyof typeof PAGE_HEADINGS]] : undefined);
    if (!example) throw new Error(`${path}: add an example address and its heading`);
    expect(await checkRoute(staffPage, ...example)).toEqual([]);
  });

  it('when the nurse opens her day with a home visit on it, then axe finds no serious or critical violation', async () => {
    const nursePage = await (await newContext(browser, PHONE)).newPage();
    const [address, heading] = examples['/staff/visits']!;
    await staffSignIn(nursePage, 'nurse', address);
    // The example visit is on a later day: its card offers no On the way yet, and says when.
    await nursePage.getByText(/^You can set off on /).waitFor();
    expect(await checkRoute(nursePage, address, heading)).toEqual([]);
  });

  it('when the desk assigns a home visit, then axe finds no serious or critical violation in the dialog at 390 and 1280', async () => {
    await staffPage.setViewportSize(PHONE);
    await staffPage.goto(`/staff/appointments/${homeVisit}`);
    await staffPage.getByRole('button', { name: 'Change clinician' }).click();
    const dialog = staffPage.getByRole('dialog', { name: 'Assign home visit' });
    await dialog.getByRole('option', { name: /Nurse/ }).first().waitFor({ state: 'attached' });
    expect(await checkDialog(staffPage, 'assign dialog @390', dialog)).toEqual([]);
    await staffPage.setViewportSize(DESKTOP);
    expect(await seriousViolations(staffPage, 'assign dialog @1280')).toEqual([]);
    await staffPage.keyboard.press('Escape');
  });

  it('when the desk adds a person and leaves fields out, then axe finds no serious or critical violation at 390 and 1280', async () => {
    await staffPage.setViewportSize(PHONE);
    await staffPage.goto('/staff/book');
    await staffPage.getByRole('button', { name: 'Add a new person' }).click();
    const add = staffPage.getByRole('form', { name: 'Add a new person' });
    await add.getByRole('button', { name: 'Add person' }).click();
    // The refusal dialog names the fields (lib/form-refusal.ts); closed, the form shows them.
    await staffPage.locator('.swal2-confirm').click();
    await staffPage.locator('.swal2-container').waitFor({ state: 'detached' });
    await add.locator('.field.invalid').first().waitFor();
    expect(await seriousViolations(staffPage, 'add a person, with errors @390')).toEqual([]);
    await staffPage.setViewportSize(DESKTOP);
    expect(await seriousViolations(staffPage, 'add a person, with errors @1280')).toEqual([]);
  });

  it('when the desk books a home visit for someone found, then the form with its address and free days has no serious or critical violation', async () => {
    await staffPage.setViewportSize(DESKTOP);
    await staffPage.goto('/staff/book');
    await staffPage.getByLabel('Phone, name or e-mail').fill(patientEmail);
    await staffPage.getByRole('button', { name: 'Search' }).click();
    await staffPage
      .getByRole('button', { name: /^Book for / })
      .first()
      .click();
    const form = staffPage.getByRole('form', { name: 'Book an appointment' });
    await form.getByLabel(/^Service/).selectOption({ label: 'Nursing Home Care' });
    await form.getByRole('radiogroup', { name: /^Preferred Date/ }).waitFor();
    expect(await seriousViolations(staffPage, 'desk booking form @1280')).toEqual([]);
    await staffPage.setViewportSize(PHONE);
    expect(await seriousViolations(staffPage, 'desk booking form @390')).toEqual([]);
  });

  it('when the admin opens a patient’s medical record, then axe finds no serious or critical violation', async () => {
    expect(await checkRoute(staffPage, ...examples[RECORD_PAGE]!)).toEqual([]);
  });

  it('when the admin opens a doctor’s schedule, then axe finds no serious or critical violation at 390 and 1280', async () => {
    await staffPage.setViewportSize(PHONE);
    await staffPage.goto('/staff/schedule');
    await staffPage.getByLabel('Doctor').selectOption('dr-boateng');
    await staffPage.getByRole('group', { name: 'Monday', exact: true }).waitFor();
    expect(await seriousViolations(staffPage, 'schedule of a doctor @390')).toEqual([]);
    await staffPage.setViewportSize(DESKTOP);
    expect(await seriousViolations(staffPage, 'schedule of a doctor @1280')).toEqual([]);
  });

  it('when the console menu is open on a phone, then axe finds no serious or critical violation', async () => {
    await staffPage.setViewportSize(PHONE);
    await staffPage.goto('/staff/appointments');
    await staffPage.getByRole('button', { name: 'Open console menu' }).click();
    expect(await checkDialog(staffPage, 'console menu', staffPage.getByRole('button', { name: 'Close console menu' }))).toEqual(
      [],
    );
  });

  it('when Complete visit, Prescribe and Request lab tests are open, then axe finds no serious or critical violation at 390 and 1280', async () => {
    const patient = await createActivatedPatient();
    const { appointmentId } = await bookAsPatient(patient, { requestedServiceId: 4, requestedDay: freshDay() });
    // At the visit: the state the lifecycle reaches by Accept and Check in (staff-console.e2e.ts walks them).
    // Under way now: a visit cannot be completed more than 15 minutes before its start.
    const now = new Date().toISOString();
    await adminDb()
      .collection('appointments')
      .doc(appointmentId)
      .update({ appointmentStatus: 'CheckedIn', requestedDay: now.slice(0, 10), requestedTime: now.slice(11, 16) });
    const found: string[] = [];
    for (const [button, dialogName] of [
      ['Complete visit', 'Complete visit'],
      ['Prescribe', 'Prescribe'],
      ['Request lab tests', 'Request lab tests'],
    ]) {
      await staffPage.setViewportSize(PHONE);
      await staffPage.goto(`/staff/appointments/${appointmentId}`);
      await staffPage.getByRole('button', { name: button, exact: true }).click();
      const dialog = staffPage.getByRole('dialog', { name: dialogName });
      await dialog.getByRole('button').last().waitFor();
      found.push(...(await checkDialog(staffPage, `${dialogName} dialog @390`, dialog)));
      await staffPage.setViewportSize(DESKTOP);
      found.push(...(await seriousViolations(staffPage, `${dialogName} dialog @1280`)));
    }
    expect(found).toEqual([]);
  });

  it('when Decline asks for a reason, then axe finds no serious or critical violation in the dialog', async () => {
    await staffPage.setViewportSize(PHONE);
    await staffPage.goto(examples['/staff/appointments/:appointmentId']![0]);
    await staffPage.getByRole('button', { name: 'Decline', exact: true }).click();
    expect(await checkDialog(staffPage, 'decline reason dialog', staffPage.locator('.swal2-popup'))).toEqual([]);
    await staffPage.locator('.swal2-cancel').click();
  });
});
