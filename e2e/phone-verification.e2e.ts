/**
 * Confirming the phone in the profile (issue 26): the patient asks for a code, the SMS reaches
 * the provider's sandbox for that number only, and the code typed back confirms the number.
 */
import { createActivatedPatient, loginThroughUi } from './support/accounts';
import { waitUntil } from './support/admin';
import { PHONE, newContext, useBrowser } from './support/browser';

jest.setTimeout(90_000);

const browser = useBrowser();
const SANDBOX = 'http://127.0.0.1:5005';

const smsTo = async (to: string) =>
  ((await (await fetch(`${SANDBOX}/__control/sms?to=${encodeURIComponent(to)}`)).json()) as { messages: { content: string }[] })
    .messages;

it('when a patient sends for a code on the profile and types it back, then the number shows Confirmed', async () => {
  const local = `055${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const phone = `+233${local.slice(1)}`;
  const patient = await createActivatedPatient({ phone: local });
  const page = await (await newContext(browser(), PHONE)).newPage();
  await loginThroughUi(page, patient, '/dashboard/profile');
  const card = page.getByRole('region', { name: 'Phone number' });
  await card.getByText('Not confirmed').waitFor();

  await card.getByRole('button', { name: 'Send code' }).click();
  await page.locator('.swal2-title').getByText('Code sent').waitFor();
  await page.getByRole('button', { name: 'OK' }).click();
  // The sign-up's code went first; the profile's is the newest one to this number.
  const messages = await waitUntil(
    () => smsTo(phone),
    (m) => m.length >= 2,
  );
  const code = /is (\d{6})\./.exec(messages.at(-1)!.content)?.[1];
  expect(code).toMatch(/^\d{6}$/);

  const form = card.getByRole('form', { name: 'Confirm your phone' });
  await form.getByLabel(/^Code from the SMS to \+233 55 \*\*\* \*\*\d\d/).fill(code!);
  await form.getByRole('button', { name: 'Confirm phone' }).click();
  await page.locator('.swal2-title').getByText('Phone confirmed').waitFor();
  await page.getByRole('button', { name: 'OK' }).click();
  await card.getByText('Confirmed', { exact: true }).waitFor();
  await card.getByText(/You confirmed this number on/).waitFor();
});
