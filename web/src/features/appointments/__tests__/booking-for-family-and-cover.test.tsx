import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { BookingForm, bookingSummary } from '@/features/appointments/components/booking-form';
import { bookedText } from '@/features/appointments/components/booked-text';
import { coverageText, coveredText, type Cover } from '@/features/appointments/components/coverage-note';
import { emptyBooking } from '@/features/appointments/api/appointments';
import type { Appointment } from '@/features/appointments/api/appointments';
import { isSignedIn } from '@/lib/login-prompt';
import { confirm } from '@/lib/dialogs';
import { withQueryClient } from '@/test-support/query';

jest.mock('@/lib/dialogs', () => ({ confirm: jest.fn(), showError: jest.fn(), showApiError: jest.fn() }));
jest.mock('@/lib/firebase', () => ({ currentIdToken: () => Promise.resolve('test-token') }));
jest.mock('@/lib/login-prompt', () => ({ isSignedIn: jest.fn(), promptLogin: jest.fn() }));
jest.mock('@/shared/session/session', () => ({
  useSession: () => ({
    status: 'signed-in',
    uid: 'patient-1',
    email: 'ama@example.com',
    patient: {
      firstName: 'Ama',
      lastName: 'Owusu',
      emailAddress: 'ama@example.com',
      contactNumber: '+233241234567',
      patientLocation: 'Kumasi',
      gender: 'FEMALE',
    },
  }),
}));

const DEPENDANTS = [
  { id: 'dep-1', firstName: 'Kwesi', lastName: 'Owusu', relation: 'Child', dateOfBirth: '2015-04-02', gender: 'MALE' },
  { id: 'dep-2', firstName: 'Efua', lastName: 'Owusu', relation: 'Parent', dateOfBirth: '1958-09-12', gender: 'FEMALE' },
];
const BENEFITS = { virtualConsultationsPerPeriod: 2, labDiscountPercent: 20, homeVisitsPerPeriod: 2, people: 5 };
const FAMILY = {
  id: 'sub-1',
  packageTitle: 'Family Care Package',
  paymentStatus: 'Paid',
  status: 'Active',
  isActive: true,
  periodStart: '2026-03-01T10:00:00.000Z',
  periodEnd: '2099-03-31T10:00:00.000Z',
  benefits: BENEFITS,
  usage: { virtualConsultations: { used: 1, left: 1 }, homeVisits: { used: 0, left: 2 } },
};
const DOCTORS = [
  { doctorId: 'dr-1', surname: 'Boateng', otherNames: 'Kofi', specialty: 'GP', consultationFee: 150, doctorPicture: '' },
];

const envelope = (data: unknown, statusCode = 200) =>
  Promise.resolve({
    ok: statusCode < 300,
    status: statusCode,
    json: () => Promise.resolve({ statusCode, msg: 'ok', data }),
  } as Response);

const TOMORROW = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

const fetchMock = jest.fn((url: string, init?: RequestInit) => {
  if (url === '/api/patient/patient-1/dependants') return envelope(DEPENDANTS);
  if (url === '/api/subscriptions/patient-1') return envelope([FAMILY]);
  if (url.startsWith('/api/doctors')) return envelope(DOCTORS);
  if (url.startsWith('/api/services/3/days')) return envelope([{ day: TOMORROW, left: 2 }]);
  if (url === '/api/appointments' && init?.method === 'POST')
    return envelope({ appointmentId: 'a1', ...JSON.parse(String(init.body)) }, 201);
  return envelope(null, 404);
});

function renderForm() {
  const onCreated = jest.fn();
  render(
    withQueryClient(
      <MemoryRouter>
        <BookingForm onCreated={onCreated} returnUrl="/appointment-page" />
      </MemoryRouter>,
    ),
  );
  return { onCreated, user: userEvent.setup() };
}

beforeEach(() => {
  jest.clearAllMocks();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  jest.mocked(isSignedIn).mockResolvedValue(true);
  jest.mocked(confirm).mockResolvedValue(true);
});

describe('booking for a family member', () => {
  it('when Myself is chosen, then no family member picker shows', async () => {
    renderForm();
    await screen.findByText('Ama Owusu');
    expect(screen.queryByLabelText('Family member')).not.toBeInTheDocument();
  });

  it('when Someone else is chosen and a family member picked, then their details fill in, the patient stays the contact, and dependantId is sent', async () => {
    const { user, onCreated } = renderForm();
    await user.click(screen.getByLabelText('Someone else'));
    const picker = await screen.findByLabelText('Family member');
    await user.selectOptions(picker, 'Kwesi Owusu (Child)');
    expect(screen.getByLabelText(/^First Name/)).toHaveValue('Kwesi');
    expect(screen.getByLabelText(/^Last Name/)).toHaveValue('Owusu');
    expect(screen.getByLabelText(/^Gender/)).toHaveValue('MALE');
    expect(screen.getByLabelText(/^Email Address/)).toHaveValue('ama@example.com');
    expect(screen.getByLabelText(/^Phone Number/)).toHaveValue('+233241234567');
    expect(screen.getByLabelText(/^Location/)).toHaveValue('Kumasi');

    await user.selectOptions(screen.getByLabelText(/^Service/), screen.getByRole('option', { name: /Nursing Home Care/ }));
    await user.type(screen.getByLabelText(/^Street address or landmark/), '12 Mango Street, Adenta');
    const days = await screen.findByRole('radiogroup', { name: /^Preferred Date/ });
    await user.click(within(days).getByRole('radio', { name: /place left|places left/ }));
    await user.click(screen.getByRole('button', { name: /Submit/ }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/appointments' && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ bookFor: 'OTHERS', dependantId: 'dep-1', firstName: 'Kwesi' });
  });

  it('when the pick is undone (Someone not on my list), then the names empty and no dependantId is kept', async () => {
    const { user } = renderForm();
    await user.click(screen.getByLabelText('Someone else'));
    await user.selectOptions(await screen.findByLabelText('Family member'), 'Efua Owusu (Parent)');
    expect(screen.getByLabelText(/^First Name/)).toHaveValue('Efua');
    await user.selectOptions(screen.getByLabelText('Family member'), 'Someone not on my list');
    expect(screen.getByLabelText(/^First Name/)).toHaveValue('');
    expect(screen.getByLabelText('Family member')).toHaveValue('');
  });
});

describe("the package's coverage", () => {
  it('when the patient chooses a virtual consultation and the package has one left, then a note says it is covered', async () => {
    const { user } = renderForm();
    await user.selectOptions(screen.getByLabelText(/^Service/), screen.getByRole('option', { name: /Virtual Consultation/ }));
    expect(
      await screen.findByText('Covered by your Family Care Package: nothing to pay (1 consultation left this month).'),
    ).toBeInTheDocument();
  });

  it('when the package covers the consultation, then the page tells no fee: no "Paid online" and no "unless your package covers it"', async () => {
    const { user } = renderForm();
    await user.selectOptions(screen.getByLabelText(/^Service/), screen.getByRole('option', { name: /Virtual Consultation/ }));
    await screen.findByText('Covered by your Family Care Package: nothing to pay (1 consultation left this month).');
    await user.selectOptions(
      await screen.findByLabelText(/^Doctor/),
      await screen.findByRole('option', { name: /Kofi Boateng/ }),
    );
    expect(screen.queryByText(/Paid online/)).not.toBeInTheDocument();
    expect(screen.queryByText(/unless your package covers it/)).not.toBeInTheDocument();
    expect(screen.getByText('Consultation with Dr Kofi Boateng, covered by your package.')).toBeInTheDocument();
    // The doctor list says no fee either: one truth about the fee on the whole page.
    expect(screen.getByRole('option', { name: /Kofi Boateng/ })).toHaveTextContent(/^Dr Kofi Boateng$/);
    expect(screen.queryByText(/GHS/)).not.toBeInTheDocument();
  });

  it('when the package covers the consultation, then the confirmation says the same sentence, not the fee', () => {
    const values = {
      ...emptyBooking(),
      requestedServiceId: '1',
      doctorId: 'dr-1',
      requestedDay: '2099-01-05',
      requestedTime: '10:00',
    };
    const cover: Cover = { packageTitle: 'Individual trial', benefits: BENEFITS, usage: FAMILY.usage };
    const text = bookingSummary(values, DOCTORS, [], coveredText(values, cover));
    expect(text).toMatch(/\. Covered by your Individual trial: nothing to pay \(1 consultation left this month\)\.$/);
    expect(text).not.toMatch(/GHS|unless your package/);
    // Without a package, the fee, paid online.
    expect(bookingSummary(values, DOCTORS, [], coveredText(values, undefined))).toMatch(/Fee GHS 150\.00, paid online next\.$/);
  });

  it('words each case from the usage and who it is for: used up, unlimited, home visits, lab discount, someone else, nothing', () => {
    type Usage = Cover['usage'];
    const cover = (usage: Usage, benefits: Cover['benefits'] = BENEFITS): Cover => ({
      packageTitle: 'Family Care Package',
      benefits,
      usage,
    });
    const self = (serviceId: number, option = '') => ({ serviceId, option, bookedFor: 'self' as const });
    const none: Usage = { virtualConsultations: { used: 2, left: 0 }, homeVisits: { used: 2, left: 0 } };
    const some: Usage = { virtualConsultations: { used: 1, left: 1 }, homeVisits: { used: 0, left: 2 } };
    expect(coverageText(self(1), cover(none))).toBe(
      "You have used this month's consultations in your Family Care Package, so this one is paid as usual.",
    );
    expect(
      coverageText(
        self(1),
        cover(
          { ...none, virtualConsultations: { used: 9, left: 'unlimited' } },
          { ...BENEFITS, virtualConsultationsPerPeriod: 'unlimited' },
        ),
      ),
    ).toBe('Covered by your Family Care Package: nothing to pay.');
    // Home services are free: the note says the allowance is not used, whatever is left of it.
    expect(coverageText(self(3), cover(some))).toBe(
      "This home visit is free, so it does not use your Family Care Package's home visits.",
    );
    expect(coverageText(self(5, 'HOME_VISIT'), cover(none))).toMatch(/free, so it does not use/);
    expect(coverageText(self(5, 'VIRTUAL'), cover(some))).toBeUndefined();
    expect(coverageText(self(6), cover(none))).toBe('Your Family Care Package takes 20% off lab tests.');
    expect(coverageText(self(7), cover(some))).toBeUndefined();
    // Someone else: only a named family member, and only under a package for several people.
    expect(coverageText({ serviceId: 1, bookedFor: 'other' }, cover(some))).toBeUndefined();
    expect(coverageText({ serviceId: 1, bookedFor: 'dependant' }, cover(some))).toMatch(
      /^Covered by your Family Care Package: nothing to pay/,
    );
    expect(coverageText({ serviceId: 1, bookedFor: 'dependant' }, cover(some, { ...BENEFITS, people: 1 }))).toBeUndefined();
  });

  it("after booking, the success text leads with the server's coverage note", () => {
    const covered = {
      coverage: { note: 'Covered by your Family Care Package: 0 consultations left this month.' },
    } as Appointment;
    expect(bookedText(covered, 'Our team will call you.')).toBe(
      'Covered by your Family Care Package: 0 consultations left this month. Our team will call you.',
    );
    expect(bookedText({} as Appointment, 'Our team will call you.')).toBe('Our team will call you.');
  });
});
