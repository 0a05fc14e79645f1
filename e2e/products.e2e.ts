import { useBrowser, newContext, PHONE, SITE_URL } from './support/browser';

const browser = useBrowser();

const openPage = async (path: string) => {
  const page = await (await newContext(browser(), PHONE)).newPage();
  await page.goto(path);
  return page;
};

describe('products', () => {
  it('when the products page opens, then the catalog cards and categories show', async () => {
    const page = await openPage('/products');
    for (const name of ['Paracetamol', 'Ibuprofen', 'Vitamin C']) {
      await page.getByRole('heading', { name, level: 3 }).waitFor();
    }
    await expect(page.getByText('GHS 25.00').count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Vitamins and Supplements' }).click();
    await expect(page.getByRole('heading', { level: 3 }).allTextContents()).resolves.toEqual(['Vitamin C']);
  });

  it('when an unknown product is opened, then the visitor lands on /products', async () => {
    const page = await openPage('/product/aspirin');
    await page.waitForURL(`${SITE_URL}/products`);
    await page.getByRole('heading', { name: 'Paracetamol', level: 3 }).waitFor();
  });

  it('when a product is added to the cart with a quantity, then checkout shows the catalog price times it', async () => {
    const page = await openPage('/products');
    await page.getByRole('link', { name: 'View Details of Vitamin C' }).click();
    await page.waitForURL(`${SITE_URL}/product/Vitamin%20C`);
    await page.getByRole('button', { name: 'Decrease quantity' }).isDisabled();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL(/\/checkout\?/);
    expect(new URL(page.url()).searchParams.get('quantity')).toBe('3');
    await expect(page.getByTestId('checkout-total').textContent()).resolves.toBe('GHS 75.00');
    await page.getByRole('tab', { name: 'Credit Card' }).click();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Confirm Payment' }).waitFor();
  });

  it('when the price in the checkout link is edited, then the total still uses the catalog price', async () => {
    const page = await openPage('/checkout?name=paracetamol&price=0.01&quantity=4');
    await expect(page.getByTestId('checkout-total').textContent()).resolves.toBe('GHS 40.00');
  });
});
