import { paymentUrls } from '../../config';
import { SANDBOX, setFaults } from '../../test-support/payments';
import { newClientReference } from '../client-reference';
import { closeCheckout, initiateCheckout, transactionStatus } from '../provider';

/**
 * The payment sandbox's hosted checkout page over HTTP, as a person's browser uses it
 * (scripts/sandbox/): what it offers, what its Pay and Cancel forms do, and its 404s.
 */

/** A checkout of GHS 12.50 whose callback the sandbox keeps to itself (the status API tells the outcome). */
async function openCheckout() {
  const clientReference = newClientReference();
  await setFaults(clientReference, { callback: 'drop' });
  const checkout = await initiateCheckout({ clientReference, totalAmount: 12.5, description: 'Lab tests <FBC>' });
  return { clientReference, ...checkout };
}

const submit = (url: string, form: Record<string, string>) =>
  fetch(url, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });

const payUrl = (checkoutId: string) => `${SANDBOX}/checkout/${checkoutId}/pay`;

describe("the sandbox's checkout page", () => {
  it('when it opens, in the frame or alone, then it offers Mobile Money (MTN, Telecel, AT) or Card, with Pay and Cancel', async () => {
    const { checkoutUrl, checkoutDirectUrl } = await openCheckout();
    for (const url of [checkoutUrl, checkoutDirectUrl]) {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await res.text();
      expect(html).toContain('<h1>Pay securely</h1>');
      expect(html).toContain('GHS 12.50');
      expect(html).toContain('Lab tests &lt;FBC&gt;');
      for (const label of ['<span>Mobile Money</span>', '<span>Card</span>', '>MTN<', '>Telecel<', '>AT<']) {
        expect(html).toContain(label);
      }
      expect(html).toMatch(/<button class="pay" type="submit">Pay<\/button>/);
      expect(html).toMatch(/<button class="cancel" type="submit" formaction="[^"]+\/cancel">Cancel<\/button>/);
    }
  });

  it('when the number is not a Ghana mobile number or the card is too short, then 400 says so and nothing is paid', async () => {
    const { clientReference, checkoutId } = await openCheckout();
    const phone = await submit(payUrl(checkoutId), { method: 'mobilemoney', network: 'MTN', phone: '12345' });
    expect(phone.status).toBe(400);
    expect(await phone.text()).toContain('Enter a Ghana mobile number, e.g. 024 123 4567.');
    const card = await submit(payUrl(checkoutId), { method: 'card', cardNumber: '4111 1111' });
    expect(card.status).toBe(400);
    expect(await card.text()).toContain('Enter a card number of 12 to 19 digits.');
    await expect(transactionStatus(clientReference)).resolves.toMatchObject({ status: 'Unpaid', amount: 12.5 });
  });

  it('when a person pays by Telecel mobile money, then the page says Payment successful, the status answers Paid, and a second Pay is refused', async () => {
    const { clientReference, checkoutId, checkoutDirectUrl } = await openCheckout();
    const paid = await submit(payUrl(checkoutId), { method: 'mobilemoney', network: 'Telecel', phone: '024 123 4567' });
    expect(paid.status).toBe(200);
    expect(await paid.text()).toContain('Payment successful. GHS 12.50 received.');
    await expect(transactionStatus(clientReference)).resolves.toMatchObject({
      status: 'Paid',
      amount: 12.5,
      paymentMethod: 'mobilemoney',
    });
    const again = await submit(payUrl(checkoutId), { method: 'card', cardNumber: '4111111111111111' });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('This checkout is already paid.');
    expect(await (await fetch(checkoutDirectUrl)).text()).toContain('This checkout has been paid.');
  });

  it('when a person presses Cancel, then the browser goes back to the cancellation URL and the page says Payment cancelled', async () => {
    const { clientReference, checkoutId, checkoutDirectUrl } = await openCheckout();
    const cancelled = await submit(`${SANDBOX}/checkout/${checkoutId}/cancel`, {});
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(paymentUrls(clientReference).cancellationUrl);
    expect(await (await fetch(checkoutDirectUrl)).text()).toContain('<h1>Payment cancelled</h1>');
    await expect(transactionStatus(clientReference)).resolves.toMatchObject({ status: 'Unpaid' });
  });

  it('when the merchant closes an open checkout, then its page says so with a way back and refuses Pay; a paid one cannot be closed; without the call it is unsupported', async () => {
    const open = await openCheckout();
    await expect(closeCheckout(open.checkoutId)).resolves.toBe('closed');
    const page = await (await fetch(open.checkoutDirectUrl)).text();
    expect(page).toContain('<h1>Checkout closed</h1>');
    expect(page).toContain(`href="${paymentUrls(open.clientReference).returnUrl.replaceAll('&', '&amp;')}"`);
    const pay = await submit(payUrl(open.checkoutId), { method: 'mobilemoney', network: 'MTN', phone: '0241234567' });
    expect(pay.status).toBe(409);
    await expect(transactionStatus(open.clientReference)).resolves.toMatchObject({ status: 'Unpaid' });

    const paid = await openCheckout();
    await submit(payUrl(paid.checkoutId), { method: 'mobilemoney', network: 'MTN', phone: '0241234567' });
    await expect(closeCheckout(paid.checkoutId)).resolves.toBe('paid');

    const other = await openCheckout();
    await setFaults(other.clientReference, { closeUnsupported: true });
    await expect(closeCheckout(other.checkoutId)).resolves.toBe('unsupported');
  });

  it('when a checkout or a route is unknown, then 404: the Checkout not found page, or the JSON the API answers', async () => {
    const page = await fetch(`${SANDBOX}/checkout/direct/0123abcd`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('This checkout link is not valid or has expired.');
    const route = await fetch(`${SANDBOX}/items/initiate/`, { method: 'POST' });
    expect(route.status).toBe(404);
    await expect(route.json()).resolves.toEqual({ responseCode: '4040', message: 'No POST /items/initiate/ here' });
  });
});
