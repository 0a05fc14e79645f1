import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { DESKTOP, useBrowser, newContext, PHONE } from './support/browser';
import { storedWhere } from './support/admin';

const browser = useBrowser();

const unique = () => randomUUID().slice(0, 8);
const openPage = async (path: string, viewport = PHONE) => {
  const page = await (await newContext(browser(), viewport)).newPage();
  await page.goto(path);
  return page;
};

/** The SweetAlert2 dialog's title and text, once it shows; then it is closed. */
async function dialogSays(page: Page): Promise<{ title: string; text: string }> {
  const popup = page.locator('.swal2-popup');
  await popup.waitFor({ state: 'visible' });
  const said = {
    title: (await popup.locator('.swal2-title').textContent()) ?? '',
    text: (await popup.locator('.swal2-html-container').textContent()) ?? '',
  };
  await popup.locator('.swal2-confirm').click();
  await popup.waitFor({ state: 'hidden' });
  return said;
}

const borderColor = (page: Page, label: string) =>
  page.getByRole('textbox', { name: label, exact: true }).evaluate((el) => getComputedStyle(el).borderColor);

describe('the footer newsletter', () => {
  it('when an address is subscribed, then the field is cleared and one document holds it, even on a repeat', async () => {
    const page = await openPage('/contact-us');
    const email = `reader.${unique()}@example.com`;
    const input = page.getByRole('textbox', { name: 'Email Address' });
    for (const typed of [email, email.toUpperCase()]) {
      await input.fill(typed);
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await expect(dialogSays(page)).resolves.toMatchObject({ title: 'Subscribed' });
      await expect(input.inputValue()).resolves.toBe('');
    }
    const stored = await storedWhere('newsletter', 'email', email);
    expect(stored).toHaveLength(1);
    expect(stored[0].date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('when Subscribe is pressed with no address, then the spec info shows', async () => {
    const page = await openPage('/');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(dialogSays(page)).resolves.toMatchObject({ text: 'Please enter your Email Address' });
  });
});

describe('the Contact Us form', () => {
  it('when fields are invalid, then Send Message stays disabled, the touched field is red, and nothing is stored', async () => {
    const page = await openPage('/contact-us');
    const send = page.getByRole('button', { name: 'Send Message' });
    await expect(send.isDisabled()).resolves.toBe(true);
    const fine = await borderColor(page, 'Your Email');
    const email = `not-an-address-${unique()}`;
    await page.getByRole('textbox', { name: 'Your Name', exact: true }).fill('Yaw Asante');
    await page.getByRole('textbox', { name: 'Phone Number', exact: true }).fill('0201234567');
    await page.getByRole('textbox', { name: 'Your Email', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Can a nurse visit my father in Kumasi?');
    await page.getByRole('textbox', { name: 'Message', exact: true }).blur();
    await page.getByText(/Your Email must be a valid email address/).waitFor();
    await expect(page.getByRole('textbox', { name: 'Your Email', exact: true }).getAttribute('aria-invalid')).resolves.toBe(
      'true',
    );
    await expect(borderColor(page, 'Your Email')).resolves.not.toBe(fine);
    await expect(send.isDisabled()).resolves.toBe(true);
    await page.getByRole('textbox', { name: 'Your Email', exact: true }).press('Enter');
    await expect(dialogSays(page)).resolves.toEqual({ title: 'Oops', text: 'All fields required' });
    expect(await storedWhere('feedback', 'email', email)).toHaveLength(0);
  });

  it('when the form is valid and sent, then a success dialog shows, the form is reset and the message is stored', async () => {
    const page = await openPage('/contact-us', DESKTOP);
    const email = `yaw.${unique()}@example.com`;
    await page.getByRole('textbox', { name: 'Your Name', exact: true }).fill('Yaw Asante');
    await page.getByRole('textbox', { name: 'Phone Number', exact: true }).fill('+233 20 123 4567');
    await page.getByRole('textbox', { name: 'Your Email', exact: true }).fill(email);
    await page
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('Can a nurse visit my father at home in East Legon twice a week?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(dialogSays(page)).resolves.toMatchObject({ title: 'Message sent' });
    await expect(page.getByRole('textbox', { name: 'Your Name', exact: true }).inputValue()).resolves.toBe('');
    await expect(page.getByText('Just a moment ...').count()).resolves.toBe(0);
    const stored = await storedWhere('feedback', 'email', email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      fullName: 'Yaw Asante',
      telephone: '+233 20 123 4567',
      message: 'Can a nurse visit my father at home in East Legon twice a week?',
      source: 'WEBSITE',
    });
  });
});

describe('the Make Enquiries modal', () => {
  it('when sent empty it marks every field; when filled in, then the enquiry is stored Pending', async () => {
    const page = await openPage('/contact-us');
    await page.getByRole('button', { name: 'Make Enquiries' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make Enquiries' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Submit Enquiry' }).click();
    await dialog.locator('.field.invalid').nth(5).waitFor();
    await expect(dialog.locator('.field.invalid').count()).resolves.toBe(6);

    const name = `Madina Traders Union ${unique()}`;
    await dialog.getByRole('textbox', { name: 'Organisation Name', exact: true }).fill(name);
    await dialog.getByRole('textbox', { name: 'Location', exact: true }).fill('Madina Market, Accra');
    await dialog.getByRole('combobox', { name: 'Type', exact: true }).selectOption('COMMUNITY');
    await dialog.getByRole('textbox', { name: 'Contact Person Name', exact: true }).fill('Akua Donkor');
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('akua.donkor@example.com');
    await dialog.getByRole('textbox', { name: 'Contact', exact: true }).fill('0551234567');
    await dialog.getByRole('button', { name: 'Submit Enquiry' }).click();
    await expect(dialogSays(page)).resolves.toMatchObject({ title: 'Enquiry sent' });
    await expect(dialog.count()).resolves.toBe(0);

    const stored = await storedWhere('enquiries', 'organiztionName', name);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      organiztionLocation: 'Madina Market, Accra',
      organiztionType: 'COMMUNITY',
      nameOfPerson: 'Akua Donkor',
      organiztionEmail: 'akua.donkor@example.com',
      organiztionContact: '0551234567',
      status: 'Pending',
    });
  });

  it('when Escape is pressed, then the modal closes and focus returns to its button', async () => {
    const page = await openPage('/contact-us', DESKTOP);
    const opener = page.getByRole('button', { name: 'Make Enquiries' });
    await opener.click();
    await page.getByRole('dialog', { name: 'Make Enquiries' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Make Enquiries' }).waitFor({ state: 'detached' });
    await expect(opener.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  });
});
