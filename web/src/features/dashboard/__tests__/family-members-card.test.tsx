import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FamilyMembersCard } from '@/features/dashboard/components/family-members-card';
import { confirm, showSuccess } from '@/lib/dialogs';
import { withQueryClient } from '@/test-support/query';

jest.mock('@/lib/firebase', () => ({ currentIdToken: async () => 'token' }));
jest.mock('@/lib/dialogs', () => ({
  confirm: jest.fn(),
  showSuccess: jest.fn(),
  showApiError: jest.fn(),
  showError: jest.fn(),
  showRefusal: jest.fn(),
}));

const SON = {
  id: 'dep-1',
  patientId: 'uid-1',
  firstName: 'Kwesi',
  lastName: 'Owusu',
  relation: 'Child',
  dateOfBirth: '2015-04-02',
  gender: 'MALE',
};
const FAMILY = {
  id: 'sub-1',
  packageTitle: 'Family Care Package',
  paymentStatus: 'Paid',
  status: 'Active',
  isActive: true,
  periodStart: '2026-03-01T10:00:00.000Z',
  periodEnd: '2099-03-31T10:00:00.000Z',
  benefits: { virtualConsultationsPerPeriod: 2, labDiscountPercent: 20, homeVisitsPerPeriod: 2, people: 5 },
};

type Route = (init?: RequestInit) => { status: number; data: unknown; msg?: string };
let routes: Record<string, Route>;
const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
  const route = routes[`${init?.method ?? 'GET'} ${url}`];
  const { status, data, msg } = route ? route(init) : { status: 404, data: null, msg: 'Not found' };
  return { ok: status < 300, status, json: async () => ({ statusCode: status, msg: msg ?? 'Success', data }) };
});
const posted = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

beforeEach(() => {
  jest.clearAllMocks();
  global.fetch = fetchMock as unknown as typeof fetch;
  routes = {
    'GET /api/patient/uid-1/dependants': () => ({ status: 200, data: [SON] }),
    'GET /api/subscriptions/uid-1': () => ({ status: 200, data: [FAMILY] }),
  };
});

const renderCard = () => {
  render(withQueryClient(<FamilyMembersCard patientId="uid-1" />));
  return userEvent.setup();
};

async function fillForm(user: ReturnType<typeof userEvent.setup>, dateOfBirth = '2019-06-30') {
  const form = screen.getByRole('form', { name: 'Add a family member' });
  await user.type(within(form).getByLabelText(/^First Name/), 'Abena');
  await user.type(within(form).getByLabelText(/^Last Name/), 'Owusu');
  await user.selectOptions(within(form).getByLabelText(/^Relation/), 'Child');
  await user.type(within(form).getByLabelText(/^Date of birth/), dateOfBirth);
  await user.selectOptions(within(form).getByLabelText(/^Gender/), 'FEMALE');
  return form;
}

describe('the Family members card', () => {
  it('when the patient has Family Care and one dependant, then it lists them and says how many the package covers', async () => {
    renderCard();
    expect(await screen.findByText('Kwesi Owusu')).toBeInTheDocument();
    expect(screen.getByText(/Child · born 2 Apr 2015/)).toBeInTheDocument();
    expect(
      await screen.findByText('Your Family Care Package covers up to 5 people: you and 4 family members (1 added).'),
    ).toBeInTheDocument();
  });

  it('when the form is sent empty, then each required field says so and nothing is posted', async () => {
    const user = renderCard();
    await user.click(screen.getByRole('button', { name: /Add family member/ }));
    expect(await screen.findByText('First Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Last Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Relation is required.')).toBeInTheDocument();
    expect(screen.getByText('Date of birth is required.')).toBeInTheDocument();
    expect(screen.getByText('Gender is required.')).toBeInTheDocument();
    expect(posted()).toHaveLength(0);
  });

  it('when the date of birth is in the future, then the form refuses it', async () => {
    const user = renderCard();
    await fillForm(user, '2999-01-01');
    await user.click(screen.getByRole('button', { name: /Add family member/ }));
    expect(await screen.findByText(/Date of birth must be a past date/)).toBeInTheDocument();
    expect(posted()).toHaveLength(0);
  });

  it('when a valid family member is added, then it is posted and the list reloads', async () => {
    routes['POST /api/patient/uid-1/dependants'] = () => ({ status: 201, data: { ...SON, id: 'dep-2' } });
    const user = renderCard();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: /Add family member/ }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalled());
    expect(JSON.parse(String(posted()[0][1]?.body))).toEqual({
      firstName: 'Abena',
      lastName: 'Owusu',
      relation: 'Child',
      dateOfBirth: '2019-06-30',
      gender: 'FEMALE',
    });
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => url === '/api/patient/uid-1/dependants').length).toBeGreaterThan(2),
    );
  });

  it("when the server refuses (the package's people are all added), then its msg shows in the form", async () => {
    routes['POST /api/patient/uid-1/dependants'] = () => ({
      status: 409,
      data: null,
      msg: 'Your Family Care Package covers up to 5 people: remove a family member first.',
    });
    const user = renderCard();
    const form = await fillForm(user);
    await user.click(screen.getByRole('button', { name: /Add family member/ }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('covers up to 5 people: remove a family member first.');
    expect(showSuccess).not.toHaveBeenCalled();
  });

  it('when Remove is confirmed, then the dependant is deleted', async () => {
    routes['DELETE /api/patient/uid-1/dependants/dep-1'] = () => ({ status: 200, data: null });
    jest.mocked(confirm).mockResolvedValue(true);
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: /Remove Kwesi/ }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/patient/uid-1/dependants/dep-1',
        expect.objectContaining({ method: 'DELETE' }),
      ),
    );
  });
});
