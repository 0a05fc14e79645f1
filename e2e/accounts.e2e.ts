import type { Page } from 'playwright-core';
import { adminDb, PROJECT_ID } from './support/admin';
import { createPatient, loginThroughUi, newPatientDetails, signUpAndVerify, submitSignUp } from './support/accounts';
import { useBrowser, newContext, PHONE, SITE_URL } from './support/browser';
import { dialogCloses, dialogSays } from './support/dialogs';

const browser = useBrowser();

async function newPage(viewport = PHONE) {
  const page = await (await newContext(browser(), viewport)).newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

/** The SweetAlert2 dialog's title and text, once it is shown. */
async function dialog(page: Page) {
  const popup = page.locator('.swal2-popup');
  await popup.waitFor({ state: 'visible' });
  return {
    title: await popup.locator('.swal2-title').textContent(),
    text: await popup.locator('.swal2-html-container').textContent(),
  };
}
const closeDialog = (page: Page) => page.locator('.swal2-confirm').click();

const storageKeys = (page: Page) =>
  page.evaluate(() =>
    ['userData', 'expUserId', 'expMedEnter', 'subscriptions', 'expLoggedIn'].filter((k) => localStorage.getItem(k) !== null),
  );

describe('patient accounts in the browser', () => {
  it('when a visitor signs up and enters the mailed code, then the dashboard and profile show them, and logout clears everything', async () => {
    const page = await newPage();
    // Nothing the sign-up asks the API for fails (a 404 for the record not yet stored was once logged).
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/') && r.status() >= 400) refused.push(`${r.status()} ${r.request().method()} ${r.url()}`);
    });
    const patient = await signUpAndVerify(page);
    expect(refused).toEqual([]);

    // On a phone the sidebar is a drawer behind the menu button.
    const sidebar = page.getByRole('complementary', { name: 'Dashboard' });
    await expect(sidebar.isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Open dashboard menu' }).click();
    await sidebar.getByText(`${patient.firstName} ${patient.lastName}`).waitFor();
    await sidebar.getByText(patient.email).waitFor();
    await sidebar.getByText(/^Last login: \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/).waitFor();
    await sidebar.getByText('AO', { exact: true }).waitFor();
    await sidebar.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL(`${SITE_URL}/dashboard/profile`);

    await page.getByRole('main').getByText(`${patient.firstName} ${patient.lastName}`).first().waitFor();
    await page.getByRole('main').getByText('Activated').waitFor();
    const details = page.getByRole('region', { name: 'My details' });
    await details.getByText(patient.email).waitFor();
    expect(await details.getByLabel('Phone Number').inputValue()).toBe('+233244123456');
    expect(await details.getByLabel('Gender').inputValue()).toBe('FEMALE');
    const pkg = page.getByRole('region', { name: 'My package' });
    await pkg.getByText("You haven't subscribed to any package").waitFor();
    await expect(pkg.getByRole('link', { name: 'See our packages' }).getAttribute('href')).resolves.toBe('/packages');

    const stored = (await adminDb().collection('patients').where('emailAddress', '==', patient.email).get()).docs[0]?.data();
    expect(stored).toMatchObject({ accountStatus: 'Activated', contactNumber: '+233244123456', consentForTreatment: true });
    // The browser keeps the login marker only: no patient record, id or status.
    expect(await storageKeys(page)).toEqual(['expLoggedIn']);

    await page.getByRole('button', { name: 'Logout' }).click();
    expect((await dialog(page)).title).toBe('Logout ?');
    await page.getByRole('button', { name: 'Yes!' }).click();
    await page.waitForURL(`${SITE_URL}/signup`);
    expect(await storageKeys(page)).toEqual([]);

    await page.goto('/dashboard/profile');
    await page.waitForURL(`${SITE_URL}/signup?returnUrl=%2Fdashboard%2Fprofile`);
    await loginThroughUi(page, patient, '/dashboard/profile');
    await page.waitForURL(`${SITE_URL}/dashboard/profile`);
    await page.getByRole('region', { name: 'My details' }).waitFor();
  });

  it('when an Activated patient logs in with a returnUrl, then they land back on it', async () => {
    const patient = await createPatient();
    const page = await newPage();
    await loginThroughUi(page, patient, '/packages');
    expect(page.url()).toBe(`${SITE_URL}/packages`);
    // Nothing about the patient in local storage: the session keeps the record in memory.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    for (const detail of [patient.email, patient.uid, patient.lastName, '244123456']) expect(stored).not.toContain(detail);
  });

  it('when a Pending patient logs in, then the account check asks for the code; a wrong code and an early resend say why', async () => {
    const patient = await createPatient({}, { activated: false });
    const page = await newPage();
    await loginThroughUi(page, patient);
    expect(page.url()).toBe(`${SITE_URL}/auth`);
    await page.getByText(patient.email).waitFor();

    await page.getByLabel('Verification code').fill('XX00000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    expect(await dialog(page)).toEqual({ title: 'Oops', text: 'That verification code is not correct. You have 4 tries left.' });
    await closeDialog(page);

    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    expect(await dialog(page)).toEqual({ title: 'Oops', text: 'Please wait 5 minutes before requesting another code.' });
    await closeDialog(page);

    await page.goto('/dashboard');
    await page.waitForURL(`${SITE_URL}/auth?returnUrl=%2Fdashboard`);
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL(`${SITE_URL}/signup`);
  });

  it('when the password is wrong, then the spec message shows in an Oops... dialog', async () => {
    const patient = await createPatient();
    const page = await newPage();
    await page.goto('/signup?mode=login');
    const form = page.getByRole('form', { name: 'Login' });
    const login = form.getByRole('button', { name: 'Login' });
    await expect(login.isDisabled()).resolves.toBe(true);
    await form.getByLabel('Email Address').fill(patient.email);
    await expect(login.isDisabled()).resolves.toBe(true); // still no password
    await form.getByLabel(/^Password/).fill('not-my-password');
    await form.locator('button[type="submit"]:enabled').waitFor();
    await login.click();
    expect(await dialog(page)).toEqual({ title: 'Oops...', text: 'The password is wrong. Please try again.' });
    expect(page.url()).toBe(`${SITE_URL}/signup?mode=login`);
  });

  it('when the e-mail is already in use, then sign up says so and the first account is untouched', async () => {
    const existing = await createPatient();
    const page = await newPage();
    await submitSignUp(page, newPatientDetails({ email: existing.email, firstName: 'Yaw' }));
    expect(await dialog(page)).toEqual({ title: 'Oops...', text: 'This email is already in use. Please try another one.' });
    expect((await adminDb().collection('patients').doc(existing.uid).get()).data()?.firstName).toBe(existing.firstName);
  });

  it('when fields are missing or the phone is not Ghanaian, then the form names them and sends nothing', async () => {
    const page = await newPage();
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Sign Up' });
    await form.getByRole('button', { name: 'Sign Up' }).click();
    // The dialog says they are required and names them; once it closes, the first has the focus.
    await dialogSays(page, 'Oops');
    expect(await page.locator('.swal2-html-container').innerText()).toContain('Please fill in all required fields.');
    await page.locator('.swal2-confirm').click();
    await dialogCloses(page);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('firstName');
    for (const msg of ['First Name is required.', 'Email Address is required.', 'Please select your Gender.']) {
      await form.getByText(msg).waitFor();
    }
    await form.getByLabel('Phone Number').fill('+44 7700 900123');
    await form.getByLabel('Phone Number').blur();
    await form.getByText('Phone Number must be a Ghana number: 0XXXXXXXXX or +233XXXXXXXXX.').waitFor();
    expect(page.url()).toBe(`${SITE_URL}/signup`);
  });

  it('when a patient forgets the password, then the reset e-mail link lets them choose a new one and log in', async () => {
    const patient = await createPatient();
    const page = await newPage();
    await page.goto('/signup?mode=login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const modal = page.getByRole('dialog', { name: 'Forgot password' });
    await modal.getByLabel('Email Address').fill(patient.email);
    await modal.getByRole('button', { name: 'Send reset link' }).click();
    expect(await dialog(page)).toEqual({
      title: 'Email Sent',
      text: 'Password reset email has been sent. Please check your inbox.',
    });
    await closeDialog(page);

    // The Auth emulator keeps the e-mail's link; following it is what the patient would do.
    const res = await fetch(`http://127.0.0.1:9099/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
    const { oobCodes } = (await res.json()) as { oobCodes: { email: string; requestType: string; oobCode: string }[] };
    const reset = oobCodes.filter((c) => c.email === patient.email && c.requestType === 'PASSWORD_RESET').at(-1);
    expect(reset).toBeDefined();
    const newPassword = 'Medaase-2027';
    const done = await fetch('http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=demo-api-key', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ oobCode: reset?.oobCode, newPassword }),
    });
    expect(done.status).toBe(200);

    await loginThroughUi(page, { email: patient.email, password: newPassword });
    expect(page.url()).toBe(`${SITE_URL}/dashboard`);
  });

  it('when the e-mail for a reset is unknown, then the failure dialog shows', async () => {
    const page = await newPage();
    await page.goto('/signup?mode=login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const modal = page.getByRole('dialog', { name: 'Forgot password' });
    await modal.getByLabel('Email Address').fill(newPatientDetails().email);
    await modal.getByRole('button', { name: 'Send reset link' }).click();
    expect(await dialog(page)).toEqual({ title: 'Oops...', text: 'Something went wrong! Please try again later.' });
  });
});
