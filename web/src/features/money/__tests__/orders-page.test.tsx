import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { StaffOrder } from '@api/staff';
import OrdersPage from '@/features/money/pages/orders-page';
import { confirm } from '@/lib/dialogs';
import { withQueryClient } from '@/test-support/query';
import { anOrder, fakeApi, ok } from '@/test-support/staff-answers';

jest.mock('@/lib/dialogs', () => ({ confirm: jest.fn(), showApiError: jest.fn(), showSuccess: jest.fn() }));
jest.mock('@/lib/firebase', () => ({ currentIdToken: () => Promise.resolve('test-token') }));

let orders: StaffOrder[];
const api = fakeApi(() => [['GET', '/api/staff/orders', () => ok({ items: orders, nextCursor: null })]]);

function renderPage(page: React.ReactNode, path = '/') {
  const user = userEvent.setup();
  render(withQueryClient(<MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>));
  return user;
}

beforeEach(() => {
  jest.clearAllMocks();
  api.calls.length = 0;
  globalThis.fetch = api.fetchMock as unknown as typeof fetch;
  jest.mocked(confirm).mockResolvedValue(true);
  orders = [];
});

describe('Orders', () => {
  it('when it opens, then the paid orders to dispatch are asked for, with who, their phone and where to deliver', async () => {
    orders = [anOrder()];
    renderPage(<OrdersPage />);
    const card = await screen.findByRole('listitem', { name: 'Order ORD0000001' });
    expect(Object.fromEntries(api.callsTo('GET', '/api/staff/orders')[0].url.searchParams)).toEqual({ toDispatch: 'true' });
    expect(card).toHaveTextContent('Ama Mensah');
    expect(within(card).getByRole('link', { name: '024 123 4567' })).toHaveAttribute('href', 'tel:+233241234567');
    expect(card).toHaveTextContent('Deliver to: 12 Mango Street, Adenta');
    expect(within(card).getByRole('button', { name: /^Dispatch/ })).toBeInTheDocument();
  });

  it('when an order is not paid, then Dispatch is not offered (Cancel is)', async () => {
    orders = [anOrder({ paymentStatus: 'Unpaid' })];
    renderPage(<OrdersPage />, '/?show=Pending');
    const card = await screen.findByRole('listitem', { name: 'Order ORD0000001' });
    expect(within(card).queryByRole('button', { name: /^Dispatch/ })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /^Cancel/ })).toBeInTheDocument();
    expect(card).toHaveTextContent('Not paid yet: it can be dispatched once paid.');
  });
});
