import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { Appointment } from '@api/types';
import { windowDays } from '@/features/appointments/api/availability';
import BookPage from '@/features/desk/pages/book-page';
import { confirm, showRefusal, showSuccess } from '@/lib/dialogs';
import { formatDate } from '@api/format';
import { withQueryClient } from '@/test-support/query';
import {
  aClinicRecord,
  aLinkSent,
  anAppointment,
  aPatient,
  aPaymentOutcome,
  fakeApi,
  ok,
  type Route,
} from '@/test-support/staff-answers';

jest.mock('@/lib/dialogs', () => ({
  confirm: jest.fn(),
  showApiError: jest.fn(),
  showError: jest.fn(),
  showInfo: jest.fn(),
  showRefusal: jest.fn(),
  showSuccess: jest.fn(),
}));
jest.mock('@/lib/firebase', () => ({ currentIdToken: () => Promise.resolve('test-token') }));

const [, FREE] = windowDays();
const DOCTOR = {
  doctorId: 'dr-boateng',
  surname: 'Boateng',
  otherNames: 'Kofi',
  specialty: 'Cardiology',
  consultationFee: 200,
  doctorPicture: '',
};

let stored: Appointment;
let extra: Route[] = [];
const api = fakeApi(() => [
  ...extra,
  ['GET', '/api/staff/patients', () => ok([aPatient(), aClinicRecord({ phoneVerifiedAt: '2098-12-01T10:00:00.000Z' })])],
  ['GET', /^\/api\/services\/\d+\/days$/, () => ok([{ day: FREE, left: 3 }])],
  ['GET', /^\/api\/doctors\/dr-boateng\/slots$/, () => ok([{ day: FREE, times: ['10:00', '10:30'] }])],
  ['GET', '/api/doctors', () => ok([DOCTOR])],
  [
    'POST',
    '/api/staff/appointments',
    ({ body }) => {
      const b = body as Partial<Appointment>;
      stored = anAppointment({ ...b, requestedService: 'x', appointmentId: 'a9', clientReference: 'DESK000009' });
      if (b.requestedServiceId === 1)
        stored = {
          ...stored,
          requestedService: 'Virtual Consultation (Telemedicine)',
          // The server's fee, not the one the doctor list showed: the page shows this one.
          consultationFee: 250,
          requiresPayment: true,
          paymentStatus: 'Unpaid',
          address: null,
        };
      else stored = { ...stored, requestedService: 'Nursing Home Care' };
      return ok(stored, 201);
    },
  ],
  ['GET', '/api/staff/appointments/a9', () => ok(stored)],
]);

function renderPage() {
  const user = userEvent.setup();
  render(
    withQueryClient(
      <MemoryRouter>
        <BookPage />
      </MemoryRouter>,
    ),
  );
  return user;
}

async function find(user: ReturnType<typeof userEvent.setup>, q: string) {
  await user.type(screen.getByLabelText('Phone, name or e-mail'), q);
  await user.click(screen.getByRole('button', { name: 'Search' }));
}

beforeEach(() => {
  jest.clearAllMocks();
  api.calls.length = 0;
  extra = [];
  globalThis.fetch = api.fetchMock as unknown as typeof fetch;
  jest.mocked(confirm).mockResolvedValue(true);
});

describe('Book for a patient: finding the person', () => {
  it('when the desk searches, then accounts and clinic records are listed, a clinic record named as such', async () => {
    const user = renderPage();
    await find(user, '024');
    const found = await screen.findByRole('list', { name: 'People found' });
    expect(api.callsTo('GET', '/api/staff/patients')[0].url.searchParams.get('q')).toBe('024');
    expect(within(found).getByText('Ama Mensah')).toBeInTheDocument();
    expect(within(found).getByText('Account')).toBeInTheDocument();
    expect(within(found).getByText('Clinic record')).toBeInTheDocument();
    expect(within(found).getByRole('button', { name: 'Book for Yaw Asante' })).toBeInTheDocument();
  });

  it('when a new person is added, then their phone gets a code at once, and the code read back opens the booking', async () => {
    extra = [
      ['POST', '/api/staff/patients', () => ok({ patientId: 'clinic-7' }, 201)],
      [
        'POST',
        '/api/staff/patients/clinic-7/phone/code',
        () => ok({ sentTo: '+233551112222', expiresAt: '2099-01-01T10:10:00Z' }),
      ],
      [
        'POST',
        '/api/staff/patients/clinic-7/phone/verify',
        ({ body }) =>
          (body as { code: string }).code === 'AK12345'
            ? ok({ patientId: 'clinic-7', contactNumber: '+233551112222', phoneVerifiedAt: '2099-01-01T10:01:00Z' })
            : { statusCode: 400, msg: 'That code is not right. Check it and try again.', data: null },
      ],
    ];
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Add a new person' }));
    const form = screen.getByRole('form', { name: 'Add a new person' });
    await user.type(within(form).getByLabelText(/^First Name/), 'Kwabena');
    await user.type(within(form).getByLabelText(/^Last Name/), 'Darko');
    await user.type(within(form).getByLabelText(/^Phone Number/), '055 111 2222');
    await user.selectOptions(within(form).getByLabelText(/^Gender/), 'MALE');
    await user.click(within(form).getByRole('button', { name: 'Add person' }));

    expect(await screen.findByText(/Code sent by SMS to 055 111 2222/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/staff/patients')[0].body).toEqual({
      firstName: 'Kwabena',
      lastName: 'Darko',
      contactNumber: '+233551112222',
      gender: 'MALE',
    });
    await user.type(screen.getByLabelText('Code'), 'WRONG1');
    await user.click(screen.getByRole('button', { name: 'Check code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), 'AK12345');
    await user.click(screen.getByRole('button', { name: 'Check code' }));
    expect(await screen.findByRole('heading', { name: 'Booking for Kwabena Darko' })).toBeInTheDocument();
  });

  it('when the number is already someone’s, then the desk is told whose and can find them', async () => {
    extra = [
      [
        'POST',
        '/api/staff/patients',
        () => ({
          statusCode: 409,
          msg: 'This phone number is already on a record.',
          data: { patientId: 'p1', name: 'Ama Mensah', contactNumber: '+233241234567', source: 'WEBSITE' },
        }),
      ],
    ];
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Add a new person' }));
    const form = screen.getByRole('form', { name: 'Add a new person' });
    await user.type(within(form).getByLabelText(/^First Name/), 'Ama');
    await user.type(within(form).getByLabelText(/^Last Name/), 'Mensah');
    await user.type(within(form).getByLabelText(/^Phone Number/), '0241234567');
    await user.click(within(form).getByRole('button', { name: 'Add person' }));
    expect(await screen.findByText('024 123 4567 is already Ama Mensah’s (an account).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Find Ama Mensah' }));
    await screen.findByRole('list', { name: 'People found' });
    expect(screen.getByLabelText('Phone, name or e-mail')).toHaveValue('+233241234567');
    expect(api.callsTo('GET', '/api/staff/patients').at(-1)!.url.searchParams.get('q')).toBe('+233241234567');
  });

  it('when the optional e-mail is not an address, then the dialog names it (no "required"), focus goes to it, and nothing is sent', async () => {
    jest.mocked(showRefusal).mockResolvedValue({ isConfirmed: true, isDenied: false, isDismissed: false });
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Add a new person' }));
    const form = screen.getByRole('form', { name: 'Add a new person' });
    await user.type(within(form).getByLabelText(/^First Name/), 'Ama');
    await user.type(within(form).getByLabelText(/^Last Name/), 'Mensah');
    await user.type(within(form).getByLabelText(/^Phone Number/), '0241234567');
    const email = within(form).getByLabelText(/^Email Address/);
    await user.type(email, 'ama@');
    await user.click(within(form).getByRole('button', { name: 'Add person' }));
    await waitFor(() => expect(showRefusal).toHaveBeenCalledTimes(1));
    const [sentence, lines] = jest.mocked(showRefusal).mock.calls[0];
    expect(sentence).toBeNull();
    expect(lines).toEqual([expect.stringMatching(/^Email Address — /)]);
    await waitFor(() => expect(email).toHaveFocus());
    expect(api.callsTo('POST', '/api/staff/patients')).toHaveLength(0);
  });

  it('when a clinic record’s phone was never checked, then the code comes before the booking', async () => {
    extra = [['GET', '/api/staff/patients', () => ok([aClinicRecord()])]];
    const user = renderPage();
    await find(user, 'Yaw');
    await user.click(await screen.findByRole('button', { name: 'Book for Yaw Asante' }));
    expect(screen.getByRole('heading', { name: 'Check the phone number' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/staff/patients/clinic-1/phone/code')).toHaveLength(0);
  });
});

describe('Book for a patient: the booking and its payment', () => {
  it('when a home visit is booked, then the address and the record’s id are sent (never a name), and nothing is to pay', async () => {
    const user = renderPage();
    await find(user, 'Ama');
    await user.click(await screen.findByRole('button', { name: 'Book for Ama Mensah' }));
    const form = screen.getByRole('form', { name: 'Book an appointment' });
    await user.selectOptions(within(form).getByLabelText(/^Service/), screen.getByRole('option', { name: 'Nursing Home Care' }));
    await user.type(within(form).getByLabelText(/^Street address or landmark/), '12 Mango Street');
    await user.type(within(form).getByLabelText(/^GhanaPost digital address/), 'ga-183-8164');
    await user.click(await within(form).findByRole('radio', { name: /3 places left/ }));
    expect(within(form).getByLabelText(/^Location/)).toHaveValue('Adenta, Accra');
    await user.click(within(form).getByRole('button', { name: 'Book appointment' }));

    expect(await screen.findByRole('heading', { name: 'Booked' })).toBeInTheDocument();
    const body = api.callsTo('POST', '/api/staff/appointments')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      patientId: 'p1',
      requestedServiceId: 3,
      requestedDay: FREE,
      location: 'Adenta, Accra',
      address: { line: '12 Mango Street', digitalAddress: 'GA-183-8164' },
    });
    for (const field of ['firstName', 'lastName', 'emailAddress', 'contactNumber', 'bookFor'])
      expect(body).not.toHaveProperty(field);
    // Dates as everywhere else ('Mon 30 Nov 2026'), in the desk's question and its confirmation.
    expect(jest.mocked(confirm).mock.calls[0][2]).toBe(`Nursing Home Care for Ama Mensah on ${formatDate(FREE)}.`);
    expect(screen.getByText(/Reference/)).toHaveTextContent(`Nursing Home Care for Ama Mensah on ${formatDate(FREE)}. Reference`);
    expect(screen.getByText('DESK000009')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment' })).not.toBeInTheDocument();
  });

  it('when the address is missing, then the form says so and nothing is booked', async () => {
    const user = renderPage();
    await find(user, 'Ama');
    await user.click(await screen.findByRole('button', { name: 'Book for Ama Mensah' }));
    const form = screen.getByRole('form', { name: 'Book an appointment' });
    await user.selectOptions(
      within(form).getByLabelText(/^Service/),
      screen.getByRole('option', { name: 'Physiotherapy at Home' }),
    );
    await user.click(await within(form).findByRole('radio', { name: /3 places left/ }));
    await user.click(within(form).getByRole('button', { name: 'Book appointment' }));
    expect(await within(form).findByText('Street address or landmark is required.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/staff/appointments')).toHaveLength(0);
  });

  async function bookConsultation(user: ReturnType<typeof userEvent.setup>) {
    await find(user, 'Ama');
    await user.click(await screen.findByRole('button', { name: 'Book for Ama Mensah' }));
    const form = screen.getByRole('form', { name: 'Book an appointment' });
    await user.selectOptions(
      within(form).getByLabelText(/^Service/),
      screen.getByRole('option', { name: 'Virtual Consultation (Telemedicine)' }),
    );
    await user.selectOptions(await within(form).findByLabelText(/^Doctor/), 'dr-boateng');
    expect(within(form).getByText(/send a payment link or record a payment taken here/)).toBeInTheDocument();
    await user.click(await within(form).findByRole('radio', { name: /2 free times/ }));
    await user.click(within(form).getByRole('radio', { name: '10:30' }));
    await user.click(within(form).getByRole('button', { name: 'Book appointment' }));
    return screen.findByRole('region', { name: 'Payment' });
  }

  it('when a paid service is booked, then the amount is the server’s and mobile money needs its reference before it is recorded', async () => {
    extra = [
      [
        'POST',
        '/api/staff/payments/DESK000009/record',
        () => {
          stored = { ...stored, paymentStatus: 'Paid' };
          return ok(aPaymentOutcome({ clientReference: 'DESK000009', amount: 250 }));
        },
      ],
    ];
    const user = renderPage();
    const payment = await bookConsultation(user);
    expect(payment).toHaveTextContent('Amount due: GHS 250.00');
    await user.click(within(payment).getByRole('button', { name: 'Record payment' }));
    const form = within(payment).getByRole('form', { name: 'Record payment' });
    await user.click(within(form).getByLabelText('Mobile money'));
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The mobile money reference is required for a mobile money payment.',
    );
    expect(api.callsTo('POST', '/api/staff/payments/DESK000009/record')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/^Mobile money reference/), 'MP2612011234');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Saved!', 'Paid: GHS 250.00 recorded.'));
    expect(api.callsTo('POST', '/api/staff/payments/DESK000009/record')[0].body).toEqual({
      method: 'momo',
      providerReference: 'MP2612011234',
    });
    expect(await within(payment).findByText('Paid', { selector: 'strong' })).toBeInTheDocument();
    expect(within(payment).queryByRole('button', { name: 'Send payment link' })).not.toBeInTheDocument();
  });

  it('when the link is sent, then the desk is told where, and Check payment reads the appointment again', async () => {
    extra = [['POST', '/api/staff/payments/DESK000009/link', () => ok(aLinkSent({ sentTo: '+233241234567' }))]];
    const user = renderPage();
    const payment = await bookConsultation(user);
    await user.click(within(payment).getByRole('button', { name: 'Send payment link' }));
    expect(await within(payment).findByText(/Payment link sent by SMS to 024 123 4567/)).toBeInTheDocument();
    stored = { ...stored, paymentStatus: 'Paid' };
    await user.click(within(payment).getByRole('button', { name: 'Check payment' }));
    expect(await within(payment).findByText('Paid: the patient paid through the link.')).toBeInTheDocument();
  });
});
