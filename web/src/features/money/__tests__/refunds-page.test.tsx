import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { StaffRefund } from '@api/staff';
import RefundsPage from '@/features/money/pages/refunds-page';
import { withQueryClient } from '@/test-support/query';
import type { StaffPaymentAlert } from '@api/types';
import { askText } from '@/lib/text-dialog';
import { aPaymentAlert, aRefund, fakeApi, ok } from '@/test-support/staff-answers';

jest.mock('@/lib/dialogs', () => ({ confirm: jest.fn(), showApiError: jest.fn(), showSuccess: jest.fn() }));
jest.mock('@/lib/text-dialog', () => ({ askText: jest.fn(), askChoice: jest.fn() }));
jest.mock('@/lib/firebase', () => ({ currentIdToken: () => Promise.resolve('test-token') }));

let refunds: StaffRefund[];
let alerts: StaffPaymentAlert[] = [];
const api = fakeApi(() => [
  ['GET', '/api/staff/refunds', () => ok({ items: refunds, nextCursor: null })],
  ['GET', '/api/staff/payment-alerts', () => ok({ items: alerts, nextCursor: null })],
  [
    'POST',
    /^\/api\/staff\/payment-alerts\/.+\/resolved$/,
    ({ body }) => ok({ ...alerts[0], status: 'Resolved', ...(body as object) }),
  ],
]);

beforeEach(() => {
  alerts = [];
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

  it('when a transaction paid one booking and a second named it, then an alert says which, and staff resolve it with a note', async () => {
    refunds = [];
    alerts = [aPaymentAlert()];
    show();
    const section = await screen.findByRole('region', { name: 'Payment alerts' });
    expect(within(section).getByRole('heading', { name: 'GHS 180.00 · appointment USSD000001 not paid' })).toBeInTheDocument();
    expect(within(section).getByText(/names transaction tx9, which already paid REF0000009/)).toBeInTheDocument();
    jest.mocked(askText).mockResolvedValue('Hubtel confirms tx9 paid REF0000009 only.');
    await userEvent.click(within(section).getByRole('button', { name: 'Resolve the alert on USSD000001' }));
    expect(api.callsTo('POST', '/api/staff/payment-alerts/hubtel%3Atx9_USSD000001/resolved').map((c) => c.body)).toEqual([
      { note: 'Hubtel confirms tx9 paid REF0000009 only.' },
    ]);
  });

  it('when no alert is open, then the page shows no alerts section', async () => {
    refunds = [aRefund()];
    show();
    expect(await screen.findByText('To Ama Mensah, 024 123 4567')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payment alerts' })).not.toBeInTheDocument();
  });
});
