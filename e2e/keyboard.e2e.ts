/**
 * Keyboard-only journeys: no clicks, only Tab, Shift+Tab, typing, arrows, Space, Enter and
 * Escape, as a patient who cannot use a mouse moves through the site. Every stop on the way
 * must show a visible focus indicator. (Logging in for the patient journeys is set-up.)
 */
import type { Locator, Page } from 'playwright-core';
import { adminDb, waitUntil } from './support/admin';
import {
  createActivatedPatient,
  loginThroughUi,
  newPatientDetails,
  openBookingForm,
  readVerificationCode,
} from './support/accounts';
import { dayPicker, timePicker } from './support/booking';
import { newContext, useBrowser, PHONE, SITE_URL } from './support/browser';
import { PAGE_HEADINGS, pageShows } from './support/pages';
import { dialogSays } from './support/dialogs';

jest.setTimeout(90_000);

const browser = useBrowser();

async function newPage(): Promise<Page> {
  // en-US fixes the order of a date input's parts (month, day, year) for typing.
  const context = await newContext(browser(), PHONE, { locale: 'en-US' });
  return context.newPage();
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Whether the focused element shows an outline or ring a sighted keyboard user can see. */
const showsFocus = (target: Locator) =>
  target.evaluate((el) => {
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return el.matches(':focus-visible') && (outline || style.boxShadow !== 'none');
  });

/** Presses Tab (or Shift+Tab) until `target` has focus, then checks its focus is visible. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await isFocused(target)) {
      expect(await showsFocus(target)).toBe(true);
      return;
    }
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached ${target.toString()}`);
}

/** Moves a focused <select> with the arrow keys until `label` is chosen. */
async function chooseWithArrows(page: Page, select: Locator, label: string) {
  for (let i = 0; i < 30; i++) {
    const chosen = await select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent?.trim());
    if (chosen === label) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`Option ${label} not reached with ArrowDown`);
}

describe('keyboard only', () => {
  it('when a visitor presses Tab first, then the skip link shows and Enter moves focus to the page content', async () => {
    const page = await newPage();
    await page.goto('/about-us');
    await pageShows(page, PAGE_HEADINGS['/about-us']);
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await tabTo(page, skip, { max: 1 });
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await isFocused(page.locator('main#main'))).toBe(true);
  });

  it('when a visitor signs up with the keyboard alone, then the account is made and the mailed code verifies it', async () => {
    const patient = newPatientDetails();
    const page = await newPage();
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Sign Up' });
    const fields: [string, string][] = [
      ['First Name', patient.firstName],
      ['Last Name', patient.lastName],
      ['Email Address', patient.email],
      ['City/location', patient.location],
      ['Phone Number', patient.phone],
    ];
    for (const [label, value] of fields) {
      await tabTo(page, form.getByLabel(label));
      await page.keyboard.type(value);
    }
    const gender = form.getByLabel('Gender');
    await tabTo(page, gender);
    await chooseWithArrows(page, gender, 'Female');
    await tabTo(page, form.getByLabel(/^Password/));
    await page.keyboard.type(patient.password);

    // Shift+Tab back to fix a typo in the last name, then on to the consent box.
    await tabTo(page, form.getByLabel('Last Name'), { back: true });
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.type(patient.lastName.slice(-1));
    const consent = form.getByRole('checkbox');
    await tabTo(page, consent);
    await page.keyboard.press('Space');
    expect(await consent.isChecked()).toBe(true);
    await tabTo(page, form.getByRole('button', { name: 'Sign Up' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${SITE_URL}/auth`);

    const code = await readVerificationCode(patient.email);
    const codeField = page.getByLabel('Verification code');
    await tabTo(page, codeField);
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${SITE_URL}/dashboard`);
    const [stored] = (await adminDb().collection('patients').where('emailAddress', '==', patient.email).get()).docs.map((d) =>
      d.data(),
    );
    expect(stored).toMatchObject({ firstName: patient.firstName, lastName: patient.lastName, accountStatus: 'Activated' });

    // The dashboard has its own skip link.
    await pageShows(page, PAGE_HEADINGS['/dashboard']);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Tab');
    expect(await isFocused(page.getByRole('link', { name: 'Skip to content' }))).toBe(true);
  });

  it('when a patient books a free home visit with the keyboard alone, then the appointment is stored', async () => {
    const patient = await createActivatedPatient();
    const page = await newPage();
    await loginThroughUi(page, patient);
    const form = await openBookingForm(page, patient);

    const service = form.getByLabel('Service');
    await tabTo(page, service);
    await chooseWithArrows(page, service, 'Nursing Home Care');
    // A home visit asks where to come: typed like any field.
    await tabTo(page, form.getByLabel(/^Street address or landmark/));
    await page.keyboard.type('House 12, Oxford Street, Osu');
    // The calendar is one tab stop: Tab lands on its first free day, arrows move and choose.
    const days = dayPicker(form);
    await tabTo(page, days.locator('[role="radio"][tabindex="0"]'));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    const chosen = days.locator('[role="radio"][aria-checked="true"]');
    expect(await isFocused(chosen)).toBe(true);
    const requestedDay = await chosen.getAttribute('value');
    await tabTo(page, form.getByRole('button', { name: 'Submit' }));
    await page.keyboard.press('Enter');

    await dialogSays(page, 'Submit Appointment?');
    expect(await isFocused(page.locator('.swal2-confirm'))).toBe(true);
    await page.keyboard.press('Enter');
    await dialogSays(page, 'Saved!');
    await page.keyboard.press('Enter');

    const stored = await waitUntil(
      async () =>
        (await adminDb().collection('appointments').where('patientId', '==', patient.uid).get()).docs.map((d) => d.data()),
      (list) => list.length === 1,
    );
    expect(stored[0]).toMatchObject({ requestedDay, appointmentStatus: 'Pending' });
  });

  it('when a patient books a doctor with the keyboard alone, then the free day and time chosen with arrows and Space are stored', async () => {
    const patient = await createActivatedPatient();
    const page = await newPage();
    await loginThroughUi(page, patient);
    const form = await openBookingForm(page, patient);

    const service = form.getByLabel('Service');
    await tabTo(page, service);
    await chooseWithArrows(page, service, 'Virtual Consultation (Telemedicine)');
    const doctor = form.getByLabel('Doctor');
    await tabTo(page, doctor);
    await doctor.locator('option[value="dr-danso"]').waitFor({ state: 'attached' });
    for (let i = 0; i < 12 && (await doctor.inputValue()) !== 'dr-danso'; i++) await page.keyboard.press('ArrowDown');
    expect(await doctor.inputValue()).toBe('dr-danso');

    // The calendar is one tab stop (its first free day); Down moves a week on and chooses.
    const days = dayPicker(form);
    await tabTo(page, days.locator('[role="radio"][tabindex="0"]'));
    await page.keyboard.press('ArrowDown');
    const day = days.locator('[role="radio"][aria-checked="true"]');
    expect(await isFocused(day)).toBe(true);
    const requestedDay = await day.getAttribute('value');
    // Then the times: one tab stop too; Right moves on, Space chooses.
    const times = timePicker(form);
    await tabTo(page, times.locator('[role="radio"][tabindex="0"]'));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    const time = times.locator('[role="radio"][aria-checked="true"]');
    expect(await isFocused(time)).toBe(true);
    const requestedTime = await time.getAttribute('value');

    await tabTo(page, form.getByRole('button', { name: 'Submit' }));
    await page.keyboard.press('Enter');
    await dialogSays(page, 'Submit Appointment?');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Make Payment' }).waitFor();
    const stored = await waitUntil(
      async () =>
        (await adminDb().collection('appointments').where('patientId', '==', patient.uid).get()).docs.map((d) => d.data()),
      (list) => list.length === 1,
    );
    expect(stored[0]).toMatchObject({ doctorId: 'dr-danso', requestedDay, requestedTime });
  });

  it('when a patient opens the payment modal with the keyboard, then Tab stays inside it, Escape closes it and focus returns', async () => {
    const patient = await createActivatedPatient();
    const page = await newPage();
    await loginThroughUi(page, patient, '/packages');
    const opener = page.getByRole('button', { name: /Subscribe now.*Student/ });
    await opener.waitFor();
    await tabTo(page, opener, { max: 120 });
    await page.keyboard.press('Enter');

    const modal = page.getByRole('dialog', { name: 'Make Payment' });
    await page.frameLocator('iframe[title="Secure checkout"]').getByRole('button', { name: 'Pay' }).waitFor();
    const close = modal.getByRole('button', { name: 'Close' });
    expect(await isFocused(close)).toBe(true);

    // Forwards through the summary and the whole checkout frame, and round again: focus
    // never leaves the dialog (inside the frame, the frame element is the active one).
    const inDialog = () => modal.evaluate((dialog) => dialog.contains(document.activeElement));
    let reachedFrame = false;
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      expect(await inDialog()).toBe(true);
      reachedFrame ||= await page.evaluate(() => document.activeElement?.tagName === 'IFRAME');
    }
    expect(reachedFrame).toBe(true);
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inDialog()).toBe(true);
    }

    await tabTo(page, close, { back: true, max: 30 });
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    // Closing checks the payment with the server, which answers that it was not completed.
    await dialogSays(page, 'Payment not completed', 20_000);
    await page.keyboard.press('Enter');
    // SweetAlert2 hands focus back once its closing animation has ended.
    expect(await waitUntil(() => isFocused(opener), Boolean, 5_000)).toBe(true);
  });
});
