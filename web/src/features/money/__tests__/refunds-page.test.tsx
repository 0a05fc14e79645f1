import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { StaffRefund } from '@api/staff';
import RefundsPage from '@/features/money/pages/refunds-page';
import { withQueryClient } from '@/test-support/query';
import { aRefund, fakeApi, ok } from '@/test-support/staff-answers';

jest.mock('@/lib/dialogs', () => ({ confirm: jest.fn(), showApiError: jest.fn(), showSuccess: jest.fn() }));
jest.mock('@/lib/firebase', () => ({ currentIdToken: () => Promise.resolve('test-token') }));

let refunds: StaffRefund[];
const api = fakeApi(() => [['GET', '/api/staff/refunds', () => ok({ items: refunds, nextCursor: null })]]);

beforeEach(() => {
  globalThis.fetch = api.fetchMock as unknown as typeof fetch;
});

const show = () =>
  render(
    withQueryClient(
      <MemoryRouter>
        <RefundsPage />
      </MemoryRouter>,
    ),
  );

describe('Refunds', () => {
  it('when a refund is due, then its card says whom to pay (name, phone) and the number and network the money came from', async () => {
    refunds = [aRefund()];
    show();
    expect(await screen.findByText('To Ama Mensah, 024 123 4567')).toBeInTheDocument();
    expect(screen.getByText('Paid from 055 123 4987 (MTN mobile money)')).toBeInTheDocument();
    expect(screen.getByText(/Cancelled after payment/)).toBeInTheDocument();
  });

  it('when the provider did not say where the money came from, then the card says so instead of guessing', async () => {
    refunds = [aRefund({ paidFrom: undefined })];
    show();
    expect(await screen.findByText('Paid from a number the provider did not tell us: see the transaction')).toBeInTheDocument();
  });
});
