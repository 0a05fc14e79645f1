import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SubscriptionCard } from '@/features/dashboard/components/subscription-card';
import { withQueryClient } from '@/test-support/query';

jest.mock('@/lib/firebase', () => ({ currentIdToken: async () => 'token' }));

const paid = {
  patientId: 'uid-1',
  packageTitle: 'Family Care Package',
  packagePrice: 249,
  packageItems: [{ itemName: 'Home visits', itemValue: '2 per month', benefit: 'A nurse comes to you' }],
  paymentStatus: 'Paid',
  duration: 30,
  amount: 249,
  isActive: true,
};

function answer(status: number, data: unknown) {
  global.fetch = jest.fn(async () => ({
    ok: status < 300,
    status,
    json: async () => ({ statusCode: status, msg: status === 404 ? 'Not found' : 'Success', data }),
  })) as unknown as typeof fetch;
}

const renderCard = () =>
  render(
    withQueryClient(
      <MemoryRouter>
        <SubscriptionCard patientId="uid-1" />
      </MemoryRouter>,
    ),
  );

describe('the profile package card', () => {
  it('when the patient has a paid package, then its name, status, duration and amount show, and View Benefits lists its items', async () => {
    answer(200, [paid]);
    renderCard();
    expect(await screen.findByText('Family Care Package')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(screen.getByText('30 days')).toBeInTheDocument();
    expect(screen.getByText(/GHS 249\.00/)).toBeInTheDocument();
    expect(global.fetch).toHaveBeenCalledWith('/api/subscriptions/uid-1', expect.objectContaining({ method: 'GET' }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'View Benefits' }));
    const dialog = screen.getByRole('dialog', { name: 'Family Care Package' });
    expect(dialog).toHaveTextContent('GHS 249/month');
    expect(dialog).toHaveTextContent('Home visits 2 per month');
  });

  it.each([
    ['there is none (404)', 404, null],
    ['the only one is Unpaid', 200, [{ ...paid, paymentStatus: 'Unpaid', isActive: false }]],
    ['the list is empty', 200, []],
  ])('when %s, then the empty state links to the packages', async (_case, status, data) => {
    answer(status, data);
    renderCard();
    expect(await screen.findByText("You haven't subscribed to any package")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See our packages' })).toHaveAttribute('href', '/packages');
  });

  it('when the call fails otherwise, then it says so instead of claiming there is no package', async () => {
    answer(500, null);
    renderCard();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your package just now.');
    expect(screen.queryByText("You haven't subscribed to any package")).not.toBeInTheDocument();
  });
});
