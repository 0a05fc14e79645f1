import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { StaffOverview } from '@api/staff';
import OverviewPage from '@/features/staff/pages/overview-page';
import { withQueryClient } from '@/test-support/query';
import { fakeApi, ok } from '@/test-support/staff-answers';

jest.mock('@/lib/dialogs', () => ({ confirm: jest.fn(), showApiError: jest.fn(), showSuccess: jest.fn() }));
jest.mock('@/lib/firebase', () => ({ currentIdToken: () => Promise.resolve('test-token') }));

const overview: StaffOverview = {
  today: '2026-11-27',
  todayCounts: {},
  bookingsPerDay: [{ day: '2026-11-27', count: 2 }],
  revenuePerWeek: [
    { weekStart: '2026-11-16', amount: 500, directDebit: 99 },
    { weekStart: '2026-11-23', amount: 348, directDebit: 198 },
  ],
  openEnquiries: 0,
  refundsDue: 0,
  ordersToDispatch: 0,
};
const api = fakeApi(() => [['GET', '/api/staff/overview', () => ok(overview)]]);

beforeEach(() => {
  globalThis.fetch = api.fetchMock as unknown as typeof fetch;
});

describe('Overview', () => {
  it('when packages renewed by direct debit, then the revenue says that part as its own method, this week and in all', async () => {
    render(
      withQueryClient(
        <MemoryRouter>
          <OverviewPage />
        </MemoryRouter>,
      ),
    );
    expect(
      await screen.findByText(
        'By direct debit (package renewals): GHS 198.00 of GHS 348.00 this week, GHS 297.00 of GHS 848.00 in these 2 weeks.',
      ),
    ).toBeInTheDocument();
  });
});
