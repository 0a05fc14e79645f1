import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SubscriptionCard } from '@/features/dashboard/components/subscription-card';
import { confirm, showSuccess } from '@/lib/dialogs';
import { fixDate } from '@/test-support/clock';
import { withQueryClient } from '@/test-support/query';

jest.mock('@/lib/firebase', () => ({ currentIdToken: async () => 'token' }));
jest.mock('@/lib/dialogs', () => ({
  confirm: jest.fn(),
  showError: jest.fn(),
  showInfo: jest.fn(),
  showSuccess: jest.fn(),
  showApiError: jest.fn(),
}));
jest.mock('@/shared/session/session', () => ({ useSession: () => ({ status: 'signed-out' }) }));

// Mid-period: 12 days before the end of March's period.
fixDate('2026-03-19T10:00:00.000Z');

const FAMILY_BENEFITS = { virtualConsultationsPerPeriod: 2, labDiscountPercent: 20, homeVisitsPerPeriod: 'unlimited', people: 5 };

const active = {
  id: 'sub-1',
  patientId: 'uid-1',
  packageId: 'family-care',
  packageTitle: 'Family Care Package',
  packagePrice: 249,
  packageItems: [{ itemName: 'Home visits', itemValue: '2 per month', benefit: 'A nurse comes to you' }],
  paymentStatus: 'Paid',
  status: 'Active',
  duration: 30,
  amount: 249,
  isActive: true,
  clientReference: 'AbC123xYz9',
  periodStart: '2026-03-01T10:00:00.000Z',
  periodEnd: '2026-03-31T10:00:00.000Z',
  daysLeft: 12,
  benefits: FAMILY_BENEFITS,
  usage: { virtualConsultations: { used: 1, left: 1 }, homeVisits: { used: 3, left: 'unlimited' } },
  canRenew: false,
  renewOpensOn: '2026-03-26T10:00:00.000Z',
};

const trial = {
  ...active,
  id: 'sub-2',
  packageId: 'individual',
  packageTitle: 'Individual Package',
  packagePrice: 'Free',
  paymentStatus: 'Trial',
  status: 'Trial',
  amount: 0,
  daysLeft: 1,
  renewalAmount: 99,
  benefits: { virtualConsultationsPerPeriod: 2, labDiscountPercent: 10, homeVisitsPerPeriod: 0, people: 1 },
  usage: { virtualConsultations: { used: 0, left: 2 }, homeVisits: { used: 0, left: 0 } },
};

type Route = (init?: RequestInit) => { status: number; data: unknown; msg?: string };
let routes: Record<string, Route>;
const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
  const route = routes[`${init?.method ?? 'GET'} ${url}`];
  const { status, data, msg } = route ? route(init) : { status: 404, data: null, msg: 'Not found' };
  return { ok: status < 300, status, json: async () => ({ statusCode: status, msg: msg ?? 'Success', data }) };
});
const answer = (status: number, data: unknown) => {
  routes['GET /api/subscriptions/uid-1'] = () => ({ status, data });
};
const bodyOf = (method: string, path: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => url === path && init?.method === method);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

beforeEach(() => {
  jest.clearAllMocks();
  routes = {};
  global.fetch = fetchMock as unknown as typeof fetch;
});

const renderCard = () =>
  render(
    withQueryClient(
      <MemoryRouter>
        <SubscriptionCard patientId="uid-1" />
      </MemoryRouter>,
    ),
  );

const rowValue = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('the profile package card', () => {
  it('when the patient is on a trial, then it shows Trial, the period with the days left, and the usage of what the package has', async () => {
    answer(200, [trial]);
    renderCard();
    expect(await screen.findByText('Individual Package')).toBeInTheDocument();
    expect(rowValue('Status')).toHaveTextContent('Trial');
    expect(rowValue('Period')).toHaveTextContent('Sun 1 Mar 2026 to Tue 31 Mar 2026 (1 day left)');
    expect(rowValue('This period')).toHaveTextContent('Virtual consultations: 0 used, 2 left');
    expect(rowValue('This period')).not.toHaveTextContent('Home visits');
    // Nothing renews by itself: the trial says what renewing would cost, only if the patient chooses to, and offers no Cancel renewal.
    expect(rowValue('After the trial')).toHaveTextContent('GHS 99.00 for 30 days, only if you renew');
    expect(screen.queryByText('Renewal', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel renewal' })).not.toBeInTheDocument();
    expect(global.fetch).toHaveBeenCalledWith('/api/subscriptions/uid-1', expect.objectContaining({ method: 'GET' }));
  });

  it('when the package is active, then it shows the usage, Renewal opens on <date> instead of Renew, and View Benefits lists the benefits', async () => {
    answer(200, [active]);
    renderCard();
    expect(await screen.findByText('Family Care Package')).toBeInTheDocument();
    expect(rowValue('Status')).toHaveTextContent('Active');
    expect(rowValue('Period')).toHaveTextContent('Sun 1 Mar 2026 to Tue 31 Mar 2026 (12 days left)');
    expect(rowValue('This period')).toHaveTextContent('Virtual consultations: 1 used, 1 left');
    expect(rowValue('This period')).toHaveTextContent('Home visits: 3 used, unlimited left');
    expect(screen.getByText('Renewal opens on Thu 26 Mar 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Renew' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel renewal' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'View Benefits' }));
    const dialog = screen.getByRole('dialog', { name: 'Family Care Package' });
    expect(dialog).toHaveTextContent('GHS 249/month');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['2 virtual consultations a month', 'Unlimited home visits a month', '20% off lab tests', 'Covers up to 5 people']);
  });

  it('when renewal is open, then Renew asks the server for the renewal and opens the checkout frame with its amount', async () => {
    answer(200, [{ ...active, canRenew: true, daysLeft: 3 }]);
    routes['POST /api/subscriptions/renew'] = () => ({
      status: 201,
      data: { subscriptionId: 'sub-1', clientReference: 'ReN123xYz9', amount: 249 },
    });
    routes['POST /api/payment/initiate'] = () => ({
      status: 200,
      data: { checkoutDirectUrl: 'http://127.0.0.1:5005/checkout/direct/r1', checkoutUrl: 'x', checkoutId: 'r1' },
    });
    renderCard();
    expect(screen.queryByText(/Renewal opens on/)).not.toBeInTheDocument();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Renew' }));
    const modal = await screen.findByRole('dialog', { name: 'Make Payment' });
    expect(bodyOf('POST', '/api/subscriptions/renew')).toEqual({ subscriptionId: 'sub-1' });
    expect(bodyOf('POST', '/api/payment/initiate')).toEqual({ clientReference: 'ReN123xYz9' });
    expect(modal).toHaveTextContent('Renewal of Family Care Package (GHS 249.00)');
    expect(within(modal).getByTitle('Secure checkout')).toHaveAttribute('src', 'http://127.0.0.1:5005/checkout/direct/r1');
  });

  it('when Cancel renewal is confirmed, then the dialog said it runs to the end date and the server is asked', async () => {
    answer(200, [active]);
    routes['POST /api/subscriptions/cancel'] = () => ({ status: 200, data: { ...active, status: 'Cancelled' } });
    jest.mocked(confirm).mockResolvedValue(true);
    renderCard();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cancel renewal' }));
    expect(confirm).toHaveBeenCalledWith(
      'Cancel renewal?',
      'Yes, cancel renewal',
      expect.stringContaining('runs to Tue 31 Mar 2026'),
      'Keep renewal',
    );
    await waitFor(() => expect(bodyOf('POST', '/api/subscriptions/cancel')).toEqual({ subscriptionId: 'sub-1' }));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith('Renewal cancelled', expect.stringContaining('Tue 31 Mar 2026')),
    );
  });

  it('when Cancel renewal is not confirmed, then nothing is sent', async () => {
    answer(200, [active]);
    jest.mocked(confirm).mockResolvedValue(false);
    renderCard();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cancel renewal' }));
    expect(bodyOf('POST', '/api/subscriptions/cancel')).toBeUndefined();
  });

  it('when renewal was cancelled, then it shows Cancelled running to its end, with no Cancel renewal and no Renewal opens on', async () => {
    answer(200, [{ ...active, status: 'Cancelled' }]);
    renderCard();
    expect(await screen.findByText('Family Care Package')).toBeInTheDocument();
    expect(rowValue('Status')).toHaveTextContent('Cancelled');
    expect(screen.getByText('Renewal cancelled: your package runs until Tue 31 Mar 2026.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel renewal' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Renewal opens on/)).not.toBeInTheDocument();
  });

  it.each([
    ['there is none (404)', 404, null],
    ['the only one is Unpaid', 200, [{ ...active, paymentStatus: 'Unpaid', status: undefined, isActive: false }]],
    ['the only one has expired', 200, [{ ...active, status: 'Expired', isActive: false, daysLeft: 0 }]],
    ['the list is empty', 200, []],
  ])("when %s, then the spec's empty state links to the packages", async (_case, status, data) => {
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

describe('the profile package card after a switch of package', () => {
  it('when the old package runs out not renewing beside the new one, then the card shows the new one', async () => {
    answer(200, [
      { ...trial, status: 'Cancelled' },
      { ...active, id: 'sub-3' },
    ]);
    renderCard();
    expect(await screen.findByText('Family Care Package')).toBeInTheDocument();
    expect(screen.queryByText('Individual Package')).not.toBeInTheDocument();
  });

  it('when renewal by direct debit is approved, then the card says when, how much and from which number, and one tap stops it', async () => {
    const mandate = {
      subscriptionId: 'sub-2',
      status: 'Active',
      network: 'MTN',
      maskedNumber: '024 *** 4567',
      verificationType: 'OTP',
      nextChargeAt: '2026-03-31T10:00:00.000Z',
      nextChargeAmount: 99,
      failures: 0,
    };
    answer(200, [{ ...trial, mandate }]);
    routes['POST /api/subscriptions/autorenew/cancel'] = () => ({
      status: 200,
      data: { mandate: { ...mandate, status: 'Cancelled' } },
    });
    renderCard();
    expect(await screen.findByText('Renews on Tue 31 Mar 2026 for GHS 99.00 from 024 *** 4567')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Stop automatic renewal' }));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith('Automatic renewal is off', 'Nothing more will be taken from 024 *** 4567.'),
    );
    expect(bodyOf('POST', '/api/subscriptions/autorenew/cancel')).toEqual({});
  });

  it('when the patient turns it on and the network sends a code, then the card asks for the code and sends it', async () => {
    answer(200, [trial]);
    routes['POST /api/subscriptions/autorenew'] = () => {
      answer(200, [
        {
          ...trial,
          mandate: {
            subscriptionId: 'sub-2',
            status: 'Pending',
            network: 'Telecel',
            maskedNumber: '020 *** 4567',
            verificationType: 'OTP',
            failures: 0,
          },
        },
      ]);
      return { status: 200, data: { verificationType: 'OTP', mandate: {} } };
    };
    renderCard();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Mobile money number/), '0201234567');
    await user.selectOptions(screen.getByLabelText(/Network/), 'Telecel');
    await user.click(screen.getByRole('button', { name: 'Renew automatically' }));
    expect(await screen.findByText('We have sent a code by SMS to 020 *** 4567. Type it below to approve.')).toBeInTheDocument();
    expect(bodyOf('POST', '/api/subscriptions/autorenew')).toEqual({ msisdn: '0201234567', network: 'Telecel' });
    expect(screen.getByLabelText(/Approval code from the SMS/)).toBeInTheDocument();
  });
});
