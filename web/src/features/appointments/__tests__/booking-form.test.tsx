import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { formatDate } from '@api/format';
import { BookingForm } from '@/features/appointments/components/booking-form';
import { isSignedIn, promptLogin } from '@/lib/login-prompt';
import { confirm, showRefusal } from '@/lib/dialogs';
import { withQueryClient } from '@/test-support/query';

jest.mock('@/lib/dialogs', () => ({ confirm: jest.fn(), showRefusal: jest.fn(), showApiError: jest.fn() }));
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

const DOCTORS = [
  {
    doctorId: 'dr-boateng',
    surname: 'Boateng',
    otherNames: 'Kofi',
    specialty: 'Cardiology',
    consultationFee: 250,
    doctorPicture: '',
  },
];
const LABS = [
  { id: 'fbc', itemName: 'Full Blood Count', itemPrice: 60 },
  { id: 'urine', itemName: 'Urine Routine Examination', itemPrice: 35.5 },
  { id: 'hepb', itemName: 'Hepatitis B Screening', itemPrice: 55.75 },
];

const envelope = (data: unknown, statusCode = 200) =>
  Promise.resolve({
    ok: statusCode < 300,
    status: statusCode,
    json: () => Promise.resolve({ statusCode, msg: 'ok', data }),
  } as Response);

const TOMORROW = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

const fetchMock = jest.fn((url: string, init?: RequestInit) => {
  if (/^\/api\/doctors\/[^/]+\/slots/.test(url)) return envelope([{ day: TOMORROW, times: ['09:00', '09:30'] }]);
  if (/^\/api\/services\/\d+\/days/.test(url)) return envelope([{ day: TOMORROW, left: 3 }]);
  if (url.startsWith('/api/doctors')) return envelope(DOCTORS);
  if (url.startsWith('/api/labs/prices')) return envelope(LABS);
  if (url === '/api/appointments' && init?.method === 'POST')
    return envelope({ appointmentId: 'a1', ...JSON.parse(String(init.body)) }, 201);
  return envelope(null, 404);
});

function renderForm(onCreated = jest.fn()) {
  render(
    withQueryClient(
      <MemoryRouter>
        <BookingForm onCreated={onCreated} returnUrl="/appointment-page" />
      </MemoryRouter>,
    ),
  );
  return { onCreated, user: userEvent.setup() };
}

const chooseService = (user: ReturnType<typeof userEvent.setup>, title: RegExp) =>
  user.selectOptions(screen.getByLabelText(/^Service/), screen.getByRole('option', { name: title }));

beforeEach(() => {
  jest.clearAllMocks();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  jest.mocked(isSignedIn).mockResolvedValue(true);
  jest.mocked(confirm).mockResolvedValue(true);
  jest.mocked(showRefusal).mockResolvedValue({ isConfirmed: true, isDenied: false, isDismissed: false });
});

describe('the booking form: fields by service', () => {
  it('when booking for myself, then my profile shows as one line, not six fields; for someone else their name is asked and I stay the contact', async () => {
    const { user } = renderForm();
    expect(await screen.findByText('Ama Owusu')).toBeInTheDocument();
    expect(screen.getByText(/\+233241234567 · ama@example\.com · Kumasi/)).toBeInTheDocument();
    for (const label of [/^First Name/, /^Last Name/, /^Gender/, /^Email Address/, /^Phone Number/, /^Location/])
      expect(screen.queryByLabelText(label)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change your details' })).toHaveAttribute('href', '/dashboard/profile');
    await user.click(screen.getByLabelText('Someone else'));
    await waitFor(() => expect(screen.getByLabelText(/^First Name/)).toHaveValue(''));
    expect(screen.getByLabelText(/^Gender/)).toHaveValue('');
    expect(screen.getByLabelText(/^Phone Number/)).toHaveValue('+233241234567');
    expect(screen.getByLabelText(/^Email Address/)).toHaveValue('ama@example.com');
  });

  it('when Virtual Consultation is chosen, then doctors by specialty with their fee, then that doctor’s free days and times are asked for', async () => {
    const { user } = renderForm();
    await chooseService(user, /Virtual Consultation/);
    const doctor = screen.getByLabelText(/^Doctor/);
    // Short options (the fee is never cut off on a phone), grouped under their specialty.
    await waitFor(() =>
      expect(
        within(within(doctor).getByRole('group', { name: 'Cardiology' })).getByRole('option', {
          name: 'Dr Kofi Boateng, GHS 250.00',
        }),
      ).toBeInTheDocument(),
    );
    expect(screen.getByText('Choose a doctor to see their free days and times.')).toBeInTheDocument();
    await user.selectOptions(doctor, 'dr-boateng');
    expect(await screen.findByRole('radiogroup', { name: /^Preferred Date/ })).toBeInTheDocument();
    expect(screen.getByText(/^Preferred Time/)).toBeInTheDocument();
  });

  it('when Dietary Management is chosen, then VIRTUAL asks for a time and HOME_VISIT does not', async () => {
    const { user } = renderForm();
    await chooseService(user, /Dietary Management/);
    expect(screen.queryByLabelText(/^Preferred Time/)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Mode/), 'VIRTUAL');
    expect(screen.getByLabelText(/^Preferred Time/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Mode/), 'HOME_VISIT');
    expect(screen.queryByLabelText(/^Preferred Time/)).not.toBeInTheDocument();
  });

  it('when lab tests are ticked, then the running total is the sum rounded to 2 decimals, with no doctor or time', async () => {
    const { user } = renderForm();
    await chooseService(user, /Labs\/Medical Checkup/);
    await user.click(await screen.findByLabelText('Urine Routine Examination'));
    await user.click(screen.getByLabelText('Hepatitis B Screening'));
    await user.click(screen.getByLabelText('Full Blood Count'));
    expect(screen.getByTestId('lab-total')).toHaveTextContent('GHS 151.25');
    await user.click(screen.getByLabelText('Full Blood Count'));
    expect(screen.getByTestId('lab-total')).toHaveTextContent('GHS 91.25');
    expect(screen.queryByLabelText(/^Doctor/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Preferred Time/)).not.toBeInTheDocument();
  });

  it('when a community service is chosen, then the organization fields are asked for', async () => {
    const { user } = renderForm();
    await chooseService(user, /Corporate\/Community Wellness/);
    for (const label of [
      'Organization Name',
      'Organization Location',
      'Organization Type',
      'Service Needed',
      'Expected Number of Beneficiaries',
    ]) {
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeInTheDocument();
    }
    expect(within(screen.getByLabelText(/^Expected Number/)).getByRole('option', { name: '101 - Above' })).toHaveValue('ABOVE');
  });

  it('when a service at home is chosen, then the address is asked for; a virtual one asks none', async () => {
    const { user } = renderForm();
    await chooseService(user, /Physiotherapy at Home/);
    expect(screen.getByRole('group', { name: 'Where should we come?' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Street address or landmark/)).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText(/^GhanaPost digital address/)).not.toHaveAttribute('aria-required');
    await chooseService(user, /Virtual Consultation/);
    expect(screen.queryByLabelText(/^Street address or landmark/)).not.toBeInTheDocument();
  });

  it('when the address is left out or the digital address is malformed, then the fields say so and nothing is sent', async () => {
    const { user } = renderForm();
    await screen.findByText('Ama Owusu');
    await chooseService(user, /Nursing Home Care/);
    await user.type(screen.getByLabelText(/^GhanaPost digital address/), 'GA-12-34');
    await user.click(await screen.findByRole('radio', { name: /3 places left/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(showRefusal).toHaveBeenCalledWith('Please fill in all required fields.', [
        'Street address or landmark — is required.',
        'GhanaPost digital address — must be like GA-123-4567 (two letters, then digits).',
      ]),
    );
    expect(await screen.findByText('Street address or landmark is required.')).toBeInTheDocument();
    expect(
      screen.getByText('GhanaPost digital address must be like GA-123-4567 (two letters, then digits).'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^GhanaPost digital address/)).toHaveAttribute('aria-invalid', 'true');
    // The first refused field has the focus once the dialog has closed.
    await waitFor(() => expect(screen.getByLabelText(/^Street address or landmark/)).toHaveFocus());
    expect(fetchMock).not.toHaveBeenCalledWith('/api/appointments', expect.anything());
  });

  it('when only the optional digital address is wrong, then the dialog names it without "required" and it gets the focus', async () => {
    let closeDialog = () => {};
    jest
      .mocked(showRefusal)
      .mockImplementation(
        () => new Promise((resolve) => (closeDialog = () => resolve({ isConfirmed: true, isDenied: false, isDismissed: false }))),
      );
    const { user } = renderForm();
    await screen.findByText('Ama Owusu');
    await chooseService(user, /Nursing Home Care/);
    await user.type(screen.getByLabelText(/^Street address or landmark/), '12 Mango Street, Adenta');
    await user.type(screen.getByLabelText(/^GhanaPost digital address/), 'GA-12-34');
    await user.click(await screen.findByRole('radio', { name: /3 places left/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(showRefusal).toHaveBeenCalledWith(null, [
        'GhanaPost digital address — must be like GA-123-4567 (two letters, then digits).',
      ]),
    );
    const field = screen.getByLabelText(/^GhanaPost digital address/);
    expect(field).not.toHaveFocus();
    await act(async () => closeDialog());
    await waitFor(() => expect(field).toHaveFocus());
    expect(fetchMock).not.toHaveBeenCalledWith('/api/appointments', expect.anything());
  });

  it('when the digital address is typed without dashes in lower case, then it is tidied, not refused', async () => {
    const { user } = renderForm();
    await screen.findByText('Ama Owusu');
    await chooseService(user, /Nursing Home Care/);
    await user.type(screen.getByLabelText(/^Street address or landmark/), '12 Mango Street, Adenta');
    await user.type(screen.getByLabelText(/^GhanaPost digital address/), 'ak4859320');
    await user.click(await screen.findByRole('radio', { name: /3 places left/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/appointments', expect.anything()));
    expect(showRefusal).not.toHaveBeenCalled();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/appointments')!;
    expect(JSON.parse(String(init!.body)).address.digitalAddress).toBe('AK-485-9320');
  });

  it('when the server refuses a field (400 with data.fields), then the dialog names it in words and it gets the focus', async () => {
    const msg = 'GhanaPost digital address must be like GA-123-4567 (two letters, then digits).';
    const { user } = renderForm();
    await screen.findByText('Ama Owusu');
    await chooseService(user, /Nursing Home Care/);
    await user.type(screen.getByLabelText(/^Street address or landmark/), '12 Mango Street, Adenta');
    await user.type(screen.getByLabelText(/^GhanaPost digital address/), 'GA-123-4567');
    await user.click(await screen.findByRole('radio', { name: /3 places left/ }));
    fetchMock.mockClear();
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((url: string, init?: RequestInit) =>
      url === '/api/appointments' && init?.method === 'POST'
        ? Promise.resolve({
            ok: false,
            status: 400,
            json: () => Promise.resolve({ statusCode: 400, msg, data: { fields: { 'address.digitalAddress': msg } } }),
          } as Response)
        : original(url, init),
    );
    try {
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      await waitFor(() =>
        expect(showRefusal).toHaveBeenCalledWith(null, [
          'GhanaPost digital address — must be like GA-123-4567 (two letters, then digits).',
        ]),
      );
      const field = screen.getByLabelText(/^GhanaPost digital address/);
      await waitFor(() => expect(field).toHaveFocus());
      expect(field).toHaveAttribute('aria-invalid', 'true');
    } finally {
      fetchMock.mockImplementation(original);
    }
  });

  it('when the address is given, then it is sent with the booking, the digital address in capitals', async () => {
    const { user } = renderForm();
    await screen.findByText('Ama Owusu');
    await chooseService(user, /Nursing Home Care/);
    await user.type(screen.getByLabelText(/^Street address or landmark/), '12 Mango Street, Adenta');
    await user.type(screen.getByLabelText(/^Nearby landmark/), 'opposite the Shell station');
    await user.type(screen.getByLabelText(/^GhanaPost digital address/), 'ga-183-8164');
    await user.click(await screen.findByRole('radio', { name: /3 places left/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/appointments', expect.anything()));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/appointments')!;
    expect(JSON.parse(String(init!.body)).address).toEqual({
      line: '12 Mango Street, Adenta',
      landmark: 'opposite the Shell station',
      digitalAddress: 'GA-183-8164',
    });
  });

  it('when Medicine Delivery is chosen, then a prescription file is asked for', async () => {
    const { user } = renderForm();
    await chooseService(user, /Medicine Delivery/);
    expect(screen.getByLabelText(/^Prescription/)).toHaveAttribute('type', 'file');
  });
});

describe('the booking form: messages and submit', () => {
  it('when nobody is signed in, then the login prompt returns here and nothing is sent', async () => {
    jest.mocked(isSignedIn).mockResolvedValue(false);
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(promptLogin).toHaveBeenCalledWith('/appointment-page'));
    expect(fetchMock).not.toHaveBeenCalledWith('/api/appointments', expect.anything());
  });

  it.each([
    [/Doctor Consultation at home/, 'Please fill in all required fields.'],
    [/Labs\/Medical Checkup/, 'Select prefered lab test and Prefered Date'],
    [/Medicine Delivery/, 'Prescription form and Prefered Date are required'],
  ])('when %s is incomplete, then the spec message "%s" shows and nothing is sent', async (service, message) => {
    const { user } = renderForm();
    await chooseService(user, service);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(showRefusal).toHaveBeenCalledWith(message, expect.arrayContaining([expect.stringMatching(/^Preferred Date/)])),
    );
    await waitFor(() => expect(screen.getByLabelText(/^Preferred Date/)).toHaveAttribute('aria-invalid', 'true'));
    expect(confirm).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/appointments', expect.anything());
  });

  it('when the form is complete and confirmed, then it is sent with the service id as a number and handed back', async () => {
    const { user, onCreated } = renderForm();
    await screen.findByText('Ama Owusu');
    await chooseService(user, /Labs\/Medical Checkup/);
    await user.click(await screen.findByLabelText('Full Blood Count'));
    fireEvent.change(screen.getByLabelText(/^Preferred Date/), { target: { value: TOMORROW } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    // The spec's question, saying what, when and how much.
    expect(confirm).toHaveBeenCalledWith(
      'Submit Appointment?',
      'Yes',
      `Labs/Medical Checkup, ${formatDate(TOMORROW)}. Fee GHS 60.00, paid online next.`,
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/appointments')!;
    expect(JSON.parse(String(init!.body))).toMatchObject({
      requestedServiceId: 6,
      selectedLabs: ['fbc'],
      requestedDay: TOMORROW,
      firstName: 'Ama',
      bookFor: 'SELF',
    });
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer test-token');
  });

  it('when the confirmation is declined, then nothing is sent', async () => {
    jest.mocked(confirm).mockResolvedValue(false);
    const { user } = renderForm();
    await screen.findByText('Ama Owusu');
    await chooseService(user, /Nursing Home Care/);
    await user.type(screen.getByLabelText(/^Street address or landmark/), '12 Mango Street, Adenta');
    await user.click(await screen.findByRole('radio', { name: /3 places left/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(confirm).toHaveBeenCalled());
    expect(fetchMock).not.toHaveBeenCalledWith('/api/appointments', expect.anything());
  });
});

describe('booking from the record (docs/record.md)', () => {
  const renderPrefilled = (initialServiceId: string, prefill: Record<string, unknown>) => {
    render(
      withQueryClient(
        <MemoryRouter>
          <BookingForm
            onCreated={jest.fn()}
            returnUrl="/appointment-page"
            initialServiceId={initialServiceId}
            prefill={prefill}
          />
        </MemoryRouter>,
      ),
    );
  };

  it('when Medicine Delivery carries an e-prescription, then no upload is asked for', async () => {
    renderPrefilled('7', { prescriptionId: 'rx1' });
    expect(
      await screen.findByText('Your e-prescription from the clinic goes with this order: no upload is needed.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Prescription \(PDF, JPEG or PNG\)/)).toBeNull();
  });

  it('when the lab tests come from a doctor’s request, then they are ticked and totalled', async () => {
    renderPrefilled('6', { labRequestId: 'lr1', selectedLabs: ['fbc', 'hepb'] });
    expect(await screen.findByLabelText('Full Blood Count')).toBeChecked();
    expect(screen.getByLabelText('Hepatitis B Screening')).toBeChecked();
    expect(screen.getByLabelText('Urine Routine Examination')).not.toBeChecked();
    expect(screen.getByTestId('lab-total')).toHaveTextContent('GHS 115.75');
  });
});
