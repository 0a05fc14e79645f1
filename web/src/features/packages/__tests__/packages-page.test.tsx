import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import PackagesPage from '@/features/packages/pages/packages-page';
import { isSignedIn, promptLogin } from '@/lib/login-prompt';
import { showError, showInfo, showSuccess } from '@/lib/dialogs';
import { fixDate } from '@/test-support/clock';
import { withQueryClient } from '@/test-support/query';

jest.mock('@/lib/dialogs', () => ({
  showError: jest.fn(),
  showInfo: jest.fn(),
  showSuccess: jest.fn(),
  showApiError: jest.fn(),
}));
jest.mock('@/lib/firebase', () => ({ currentIdToken: () => Promise.resolve('test-token') }));
jest.mock('@/lib/login-prompt', () => ({ isSignedIn: jest.fn(), promptLogin: jest.fn() }));
jest.mock('@/shared/session/session', () => ({
  useSession: () => ({
    status: 'signed-in',
    uid: 'patient-1',
    email: 'kojo@example.com',
    patient: {
      firstName: 'Kojo',
      lastName: 'Mensah',
      emailAddress: 'kojo@example.com',
      contactNumber: '+233201234567',
      patientLocation: 'Tema',
      gender: 'MALE',
    },
  }),
}));

const item = (itemName: string, itemValue: string) => ({ itemName, itemValue, benefit: '' });
const PACKAGES = [
  {
    id: 'individual',
    packageTitle: 'Individual Package',
    packagePrice: 'Free',
    packageItems: [item('People covered', '1 person'), item('Nurse home visits', '1 per month')],
    benefits: { virtualConsultationsPerPeriod: 2, labDiscountPercent: 10, homeVisitsPerPeriod: 1, people: 1 },
  },
  {
    id: 'student',
    packageTitle: 'Student Package',
    packagePrice: 49,
    packageItems: [item('People covered', '1 student'), item('Nurse home visits', 'On request')],
  },
  {
    id: 'family-care',
    packageTitle: 'Family Care Package',
    packagePrice: 249,
    packageItems: [item('People covered', 'Up to 5 people'), item('Nurse home visits', '2 per month')],
    benefits: { virtualConsultationsPerPeriod: 'unlimited', labDiscountPercent: 20, homeVisitsPerPeriod: 2, people: 5 },
  },
  {
    id: 'corporate-wellness',
    packageTitle: 'Corporate Wellness Package',
    packagePrice: 'Custom Pricing',
    packageItems: [item('People covered', 'Your whole team')],
    benefits: { virtualConsultationsPerPeriod: 'unlimited', labDiscountPercent: 0, homeVisitsPerPeriod: 0, people: 1 },
  },
];

const envelope = (data: unknown, statusCode = 200, msg = 'ok') =>
  Promise.resolve({
    ok: statusCode < 300,
    status: statusCode,
    json: () => Promise.resolve({ statusCode, msg, data }),
  } as Response);

type Handler = (init?: RequestInit) => Promise<Response>;
let routes: Record<string, Handler>;
const fetchMock = jest.fn((url: string, init?: RequestInit) => {
  const handler = routes[`${init?.method ?? 'GET'} ${url}`];
  return handler ? handler(init) : envelope(null, 404);
});

function Where() {
  return <p data-testid="where">{useLocation().pathname + useLocation().search}</p>;
}

function renderPage() {
  render(
    withQueryClient(
      <MemoryRouter initialEntries={['/packages']}>
        <Routes>
          <Route path="/packages" element={<PackagesPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
}

const bodyOf = (method: string, path: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => url === path && init?.method === method);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

beforeEach(() => {
  jest.clearAllMocks();
  global.fetch = fetchMock as unknown as typeof fetch;
  routes = { 'GET /api/packages': () => envelope(PACKAGES) };
});

describe('the packages page', () => {
  it('when packages load, then each card shows its badge, price and button as the spec says', async () => {
    renderPage();
    const individual = await screen.findByRole('article', { name: 'Individual Package' });
    expect(within(individual).getByText('For one person')).toBeInTheDocument();
    expect(within(individual).getByText('Free 30-Day Trial')).toBeInTheDocument();
    expect(within(individual).getByText(/GHS 99\/month after, only if you renew/)).toHaveTextContent('No payment today');
    expect(within(individual).getByRole('button', { name: /Get Started/ })).toBeInTheDocument();

    const student = screen.getByRole('article', { name: 'Student Package' });
    expect(within(student).getByText('Budget-friendly')).toBeInTheDocument();
    expect(student.querySelector('.package-price')).toHaveTextContent('GHS 49/month');
    expect(within(student).getByRole('button', { name: /Subscribe now/ })).toBeInTheDocument();

    expect(within(screen.getByRole('article', { name: 'Family Care Package' })).getByText('Multiple users')).toBeInTheDocument();
    const corporate = screen.getByRole('article', { name: 'Corporate Wellness Package' });
    expect(within(corporate).getByText('For teams')).toBeInTheDocument();
    expect(corporate.querySelector('.package-price')).toHaveTextContent(/^Custom Pricing$/);
  });

  it("when packages load, then each card lists its benefits from the package's benefits data", async () => {
    renderPage();
    const individual = await screen.findByRole('article', { name: 'Individual Package' });
    expect(
      within(individual)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['2 virtual consultations a month', '1 home visit a month', '10% off lab tests', 'Covers 1 person']);
    const family = screen.getByRole('article', { name: 'Family Care Package' });
    expect(family).toHaveTextContent('Unlimited virtual consultations a month');
    expect(family).toHaveTextContent('Covers up to 5 people');
    // Corporate is agreed on enquiry: its card keeps its own items, not automatic allowances.
    const corporate = screen.getByRole('article', { name: 'Corporate Wellness Package' });
    expect(corporate).toHaveTextContent('People covered: Your whole team');
    expect(corporate).not.toHaveTextContent('Covers 1 person');
  });

  it("when packages load, then Compare Features has the spec's columns and the first package's rows", async () => {
    renderPage();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Features', 'Individual Package', 'Student Package', 'Family Care Package']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'People covered1 person1 studentUp to 5 people',
      'Nurse home visits1 per monthOn request2 per month',
    ]);
  });

  it('when Custom Pricing is picked, then the Make Enquiries form opens and nothing is bought', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Make Enquiries/ }));
    expect(await screen.findByRole('dialog', { name: 'Make Enquiries' })).toBeInTheDocument();
    expect(bodyOf('POST', '/api/subscriptions')).toBeUndefined();
  });

  it('when nobody is logged in, then the login prompt sends them to /signup with returnUrl /packages', async () => {
    jest.mocked(isSignedIn).mockResolvedValue(false);
    jest.mocked(promptLogin).mockResolvedValue('/signup?returnUrl=%2Fpackages');
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Get Started/ }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/signup?returnUrl=%2Fpackages'));
    expect(promptLogin).toHaveBeenCalledWith('/packages');
    expect(bodyOf('POST', '/api/subscriptions')).toBeUndefined();
  });

  it('when a logged-in patient picks Get Started on the Free package, then the trial starts with no payment step and the dialog names its end', async () => {
    jest.mocked(isSignedIn).mockResolvedValue(true);
    routes['POST /api/subscriptions'] = () =>
      envelope(
        {
          id: 's1',
          packageId: 'individual',
          packageTitle: 'Individual Package',
          amount: 0,
          duration: 30,
          status: 'Trial',
          paymentStatus: 'Trial',
          periodStart: '2026-03-01T10:00:00.000Z',
          periodEnd: '2026-03-31T10:00:00.000Z',
          clientReference: 'AbC123xYz9',
        },
        201,
      );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Get Started/ }));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith(
        'Your free trial has started',
        expect.stringContaining('free until Tue 31 Mar 2026'),
      ),
    );
    expect(bodyOf('POST', '/api/subscriptions')).toEqual({ packageId: 'individual' });
    expect(bodyOf('POST', '/api/payment/initiate')).toBeUndefined();
    expect(screen.queryByRole('dialog', { name: 'Make Payment' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/profile'));
  });

  it("when the patient has had their trial, then the server's refusal shows and nothing is paid", async () => {
    jest.mocked(isSignedIn).mockResolvedValue(true);
    routes['POST /api/subscriptions'] = () => envelope(null, 409, 'You have already had your free trial.');
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Get Started/ }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('You have already had your free trial.', 'Oops...'));
    expect(bodyOf('POST', '/api/payment/initiate')).toBeUndefined();
    expect(showSuccess).not.toHaveBeenCalled();
  });

  it('when a logged-in patient subscribes to a paid package and pays, then the modal shows the summary and frame, and closing it checks the payment', async () => {
    jest.mocked(isSignedIn).mockResolvedValue(true);
    routes['POST /api/subscriptions'] = () =>
      envelope(
        {
          id: 's1',
          packageId: 'student',
          packageTitle: 'Student Package',
          amount: 49,
          duration: 30,
          paymentStatus: 'Unpaid',
          clientReference: 'AbC123xYz9',
        },
        201,
      );
    routes['POST /api/payment/initiate'] = () =>
      envelope({ checkoutDirectUrl: 'http://127.0.0.1:5005/checkout/direct/abc', checkoutUrl: 'x', checkoutId: 'abc' });
    routes['POST /api/payment/check'] = () =>
      envelope({ kind: 'subscription', paymentStatus: 'Paid', clientReference: 'AbC123xYz9' });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Subscribe now.*Student/ }));

    const modal = await screen.findByRole('dialog', { name: 'Make Payment' });
    expect(bodyOf('POST', '/api/subscriptions')).toEqual({ packageId: 'student' });
    expect(bodyOf('POST', '/api/payment/initiate')).toEqual({ clientReference: 'AbC123xYz9' });
    expect(modal).toHaveTextContent('Kojo Mensah');
    expect(modal).toHaveTextContent('+233201234567');
    expect(modal).toHaveTextContent('Male');
    expect(modal).toHaveTextContent('Tema');
    expect(modal).toHaveTextContent('Subscription for Student Package (GHS 49.00)');
    // The patient's own number is filled in as the mobile money wallet.
    expect(within(modal).getByTitle('Secure checkout')).toHaveAttribute(
      'src',
      'http://127.0.0.1:5005/checkout/direct/abc?phone=%2B233201234567',
    );

    fireEvent.click(within(modal).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith('Payment Successful', expect.stringContaining('Student Package')),
    );
    expect(bodyOf('POST', '/api/payment/check')).toEqual({ clientReference: 'AbC123xYz9' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/profile'));
  });

  it('when the payment was not completed, then it says so and stays on the page', async () => {
    jest.mocked(isSignedIn).mockResolvedValue(true);
    routes['POST /api/subscriptions'] = () =>
      envelope({ packageTitle: 'Student Package', amount: 49, duration: 30, clientReference: 'AbC123xYz9' }, 200);
    routes['POST /api/payment/initiate'] = () =>
      envelope({ checkoutDirectUrl: 'http://127.0.0.1:5005/checkout/direct/abc', checkoutUrl: 'x', checkoutId: 'abc' });
    routes['POST /api/payment/check'] = () =>
      envelope({ kind: 'subscription', paymentStatus: 'Unpaid', clientReference: 'AbC123xYz9' });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Subscribe now.*Student/ }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Make Payment' })).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(showInfo).toHaveBeenCalledWith(expect.stringContaining('not completed'), 'Payment not completed'));
    expect(showSuccess).not.toHaveBeenCalled();
  });

  it('when the provider fails at initiate, then Oops... / Something went wrong. Please try again, and no modal', async () => {
    jest.mocked(isSignedIn).mockResolvedValue(true);
    routes['POST /api/subscriptions'] = () =>
      envelope(
        { packageTitle: 'Student Package', amount: 49, duration: 30, paymentStatus: 'Unpaid', clientReference: 'AbC123xYz9' },
        201,
      );
    routes['POST /api/payment/initiate'] = () => envelope(null, 502, 'Something went wrong. Please try again');
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /Subscribe now.*Student/ }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Something went wrong. Please try again', 'Oops...'));
    expect(screen.queryByRole('dialog', { name: 'Make Payment' })).not.toBeInTheDocument();
  });
});

describe('the packages page for a patient with a package', () => {
  fixDate('2026-03-10T10:00:00.000Z');

  it("when the patient's trial runs, then the Free card says until when, and the other cards do not", async () => {
    routes['GET /api/subscriptions/patient-1'] = () =>
      envelope([
        {
          id: 's1',
          packageId: 'individual',
          packageTitle: 'Individual Package',
          status: 'Trial',
          paymentStatus: 'Trial',
          isActive: true,
          periodStart: '2026-03-01T10:00:00.000Z',
          periodEnd: '2026-03-31T10:00:00.000Z',
        },
      ]);
    renderPage();
    const individual = await screen.findByRole('article', { name: 'Individual Package' });
    expect(await within(individual).findByText('Your package: free trial until Tue 31 Mar 2026')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Student Package' })).not.toHaveTextContent('Your package');
  });
});
