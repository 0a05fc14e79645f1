/**
 * Checkout's mobile money form refuses the way every form does (lib/form-refusal.ts), with
 * real Formik and the API's own phone rule: the dialog names the refused field in words,
 * "required" only when one is empty, and focus moves to it once the dialog closes.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import CheckoutPage from '@/features/products/pages/checkout-page';
import { showRefusal } from '@/lib/dialogs';
import { withQueryClient } from '@/test-support/query';

jest.setTimeout(20_000);

jest.mock('@/lib/dialogs', () => ({ showRefusal: jest.fn(), showApiError: jest.fn(), showError: jest.fn() }));

const PRODUCTS = [
  {
    id: 'paracetamol',
    productName: 'Paracetamol',
    productImage: '/images/products/paracetamol.svg',
    price: 10,
    description: 'Relief for mild to moderate pain and fever.',
    category: 'Pain Relief',
  },
];

/** The dialog stays open until the test closes it. */
let closeDialog: () => void;
beforeEach(() => {
  jest.clearAllMocks();
  global.fetch = jest.fn().mockResolvedValue({
    ok: true,
    status: 200,
    json: () => Promise.resolve({ statusCode: 200, msg: 'Success', data: PRODUCTS }),
  } as unknown as Response);
  jest.mocked(showRefusal).mockImplementation(
    () =>
      new Promise((resolve) => {
        closeDialog = () => resolve({ isConfirmed: true, isDenied: false, isDismissed: false });
      }),
  );
});

async function renderCheckout() {
  render(
    withQueryClient(
      <MemoryRouter initialEntries={['/checkout?name=Paracetamol&quantity=1']}>
        <Routes>
          <Route path="/checkout" element={<CheckoutPage />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
  await screen.findByRole('form', { name: 'Pay with mobile money' });
  return userEvent.setup();
}

it('a malformed mobile money number is named in words, without "required", and focused once the dialog closes', async () => {
  const user = await renderCheckout();
  await user.type(screen.getByLabelText(/^Mobile money number/), '12');
  await user.selectOptions(screen.getByLabelText(/^Network/), screen.getAllByRole('option')[1]);
  await user.click(screen.getByRole('button', { name: 'Confirm Payment' }));

  await waitFor(() => expect(showRefusal).toHaveBeenCalledTimes(1));
  const [sentence, lines] = jest.mocked(showRefusal).mock.calls[0];
  expect(sentence).toBeNull();
  expect(lines).toEqual([expect.stringMatching(/^Mobile money number — /)]);
  expect(lines.join(' ')).not.toMatch(/phone:|required/);
  const field = screen.getByLabelText(/^Mobile money number/);
  expect(field).not.toHaveFocus();
  await act(async () => closeDialog());
  await waitFor(() => expect(field).toHaveFocus());
  // Only the catalog was asked for: nothing was ordered.
  expect(jest.mocked(global.fetch).mock.calls.map(([url]) => String(url))).not.toContainEqual(expect.stringMatching(/orders/));
});

it('an empty form says "required" and focuses the number first', async () => {
  const user = await renderCheckout();
  await user.click(screen.getByRole('button', { name: 'Confirm Payment' }));
  await waitFor(() => expect(showRefusal).toHaveBeenCalledTimes(1));
  const [sentence, lines] = jest.mocked(showRefusal).mock.calls[0];
  expect(sentence).toBe('Please fill in all required fields.');
  expect(lines).toEqual([expect.stringMatching(/^Mobile money number — /), 'Network — is required.']);
  await act(async () => closeDialog());
  await waitFor(() => expect(screen.getByLabelText(/^Mobile money number/)).toHaveFocus());
});
