import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { windowDays } from '@/features/appointments/api/availability';
import { BookingForm } from '@/features/appointments/components/booking-form';
import { longDay } from '@/features/appointments/components/slot-picker';
import { isSignedIn } from '@/lib/login-prompt';
import { confirm, showApiError } from '@/lib/dialogs';
import { ApiError } from '@/lib/api-client';
import { withQueryClient } from '@/test-support/query';

jest.mock('@/lib/dialogs', () => ({ confirm: jest.fn(), showError: jest.fn(), showApiError: jest.fn(), showRefusal: jest.fn() }));
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

const DOCTOR = { doctorId: 'dr-boateng', surname: 'Boateng', otherNames: 'Kofi', specialty: 'Cardiology', consultationFee: 250 };
const DAYS = windowDays();
/** Tomorrow has two free times, the day after none, the third day one; the rest of the window none. */
const [, FREE, NONE, ONE] = DAYS;
let slots = [
  { day: FREE, times: ['09:00', '09:30'] },
  { day: NONE, times: [] },
  { day: ONE, times: ['14:00'] },
];
const TAKEN = 'This time is no longer available. Please choose another.';

const envelope = (data: unknown, statusCode = 200, msg = 'ok') =>
  Promise.resolve({
    ok: statusCode < 300,
    status: statusCode,
    json: () => Promise.resolve({ statusCode, msg, data }),
  } as Response);

let bookingAnswer: () => Promise<Response>;
const fetchMock = jest.fn((url: string, init?: RequestInit) => {
  if (url.startsWith('/api/doctors/dr-boateng/slots')) return envelope(slots);
  if (url.startsWith('/api/services/3/days'))
    return envelope([
      { day: FREE, left: 0 },
      { day: NONE, left: 1 },
      { day: ONE, left: 0, closed: 'Farmers’ Day' },
    ]);
  if (url.startsWith('/api/doctors')) return envelope([DOCTOR]);
  if (url === '/api/appointments' && init?.method === 'POST') return bookingAnswer();
  return envelope(null, 404);
});

const slotCalls = () => fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/doctors/dr-boateng/slots'));
const requestBody = () => JSON.parse(String(fetchMock.mock.calls.find(([url]) => url === '/api/appointments')![1]!.body));

async function renderWithDoctor() {
  const user = userEvent.setup();
  const onCreated = jest.fn();
  render(
    withQueryClient(
      <MemoryRouter>
        <BookingForm onCreated={onCreated} returnUrl="/appointment-page" />
      </MemoryRouter>,
    ),
  );
  await screen.findByText('Ama Owusu');
  await user.selectOptions(screen.getByLabelText(/^Service/), screen.getByRole('option', { name: /Virtual Consultation/ }));
  await waitFor(() => expect(screen.getByRole('option', { name: /Dr Kofi Boateng/ })).toBeInTheDocument());
  await user.selectOptions(screen.getByLabelText(/^Doctor/), 'dr-boateng');
  const days = await screen.findByRole('radiogroup', { name: /^Preferred Date/ });
  return { user, onCreated, days };
}

const dayButton = (day: string) => screen.getByRole('radio', { name: new RegExp(`^${longDay(day)},`) });

beforeEach(() => {
  jest.clearAllMocks();
  slots = [
    { day: FREE, times: ['09:00', '09:30'] },
    { day: NONE, times: [] },
    { day: ONE, times: ['14:00'] },
  ];
  bookingAnswer = () => envelope({ appointmentId: 'a1' }, 201);
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  jest.mocked(isSignedIn).mockResolvedValue(true);
  jest.mocked(confirm).mockResolvedValue(true);
});

describe('the free days and times of a doctor', () => {
  it('when the doctor is chosen, then the whole 31-day window comes in one request and days without free times cannot be chosen, saying why', async () => {
    const { days } = await renderWithDoctor();
    expect(slotCalls()).toHaveLength(1);
    expect(slotCalls()[0][0]).toBe(`/api/doctors/dr-boateng/slots?from=${DAYS[0]}&to=${DAYS[30]}`);
    expect(within(days).getAllByRole('radio')).toHaveLength(31);
    expect(dayButton(FREE)).toHaveAccessibleName(`${longDay(FREE)}, 2 free times`);
    expect(dayButton(FREE)).not.toHaveAttribute('aria-disabled');
    expect(dayButton(NONE)).toHaveAccessibleName(`${longDay(NONE)}, no free times`);
    expect(dayButton(NONE)).toHaveAttribute('aria-disabled', 'true');
    expect(dayButton(NONE)).toHaveTextContent('None');
  });

  it('when a day without times is clicked, then nothing is chosen and no times show', async () => {
    const { user } = await renderWithDoctor();
    await user.click(dayButton(NONE));
    expect(dayButton(NONE)).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('Choose a day above to see its free times.')).toBeInTheDocument();
  });

  it('when a day and then a time are clicked, then the booking sends that day and time', async () => {
    const { user, onCreated } = await renderWithDoctor();
    await user.click(dayButton(FREE));
    const times = screen.getByRole('radiogroup', { name: /^Preferred Time/ });
    expect(
      within(times)
        .getAllByRole('radio')
        .map((b) => b.textContent),
    ).toEqual(['09:00', '09:30']);
    await user.click(within(times).getByRole('radio', { name: '09:30' }));
    expect(within(times).getByRole('radio', { name: '09:30' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(requestBody()).toMatchObject({
      requestedServiceId: 1,
      doctorId: 'dr-boateng',
      requestedDay: FREE,
      requestedTime: '09:30',
    });
  });

  it('when a day is chosen but no time, then the time is reported missing and nothing is sent', async () => {
    const { user } = await renderWithDoctor();
    await user.click(dayButton(FREE));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByRole('radiogroup', { name: /^Preferred Time/ })).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByText('Preferred Time is required for a virtual consultation.')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('when used by keyboard only, then Tab enters each group once, arrows move over free choices only, Space and Enter choose', async () => {
    const { user } = await renderWithDoctor();
    // One tab stop in the calendar: the first free day (today has no times in this answer).
    screen.getByLabelText(/^Doctor/).focus();
    await user.tab();
    expect(dayButton(FREE)).toHaveFocus();
    expect(dayButton(DAYS[0])).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{Enter}');
    expect(dayButton(FREE)).toHaveAttribute('aria-checked', 'true');
    // Right skips the day without times and lands on (and chooses) the next free one.
    await user.keyboard('{ArrowRight}');
    expect(dayButton(ONE)).toHaveFocus();
    expect(dayButton(ONE)).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(dayButton(FREE)).toHaveFocus();
    await user.tab();
    const times = screen.getByRole('radiogroup', { name: /^Preferred Time/ });
    expect(within(times).getByRole('radio', { name: '09:00' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(times).getByRole('radio', { name: '09:30' })).toHaveFocus();
    await user.keyboard(' ');
    expect(within(times).getByRole('radio', { name: '09:30' })).toHaveAttribute('aria-checked', 'true');
    // The next Tab leaves the times for the next field.
    await user.tab();
    expect(screen.getByLabelText(/^Health Problem/)).toHaveFocus();
  });

  it('when the booking answers 409, then its message shows, the free times are fetched again and the taken time is gone', async () => {
    const { user } = await renderWithDoctor();
    await user.click(dayButton(FREE));
    await user.click(screen.getByRole('radio', { name: '09:00' }));
    bookingAnswer = () => {
      slots = [{ day: FREE, times: ['09:30'] }];
      return envelope(null, 409, TAKEN);
    };
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(showApiError).toHaveBeenCalledWith(new ApiError(409, TAKEN)));
    await waitFor(() => expect(slotCalls()).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('radio', { name: '09:00' })).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: '09:30' })).toHaveAttribute('aria-checked', 'false');
  });
});

describe('the days of a home or community service', () => {
  it('when a day is full, then it shows Full and cannot be chosen; a day with places can', async () => {
    const user = userEvent.setup();
    render(
      withQueryClient(
        <MemoryRouter>
          <BookingForm onCreated={jest.fn()} returnUrl="/appointment-page" />
        </MemoryRouter>,
      ),
    );
    await user.selectOptions(screen.getByLabelText(/^Service/), screen.getByRole('option', { name: /Nursing Home Care/ }));
    await screen.findByRole('radiogroup', { name: /^Preferred Date/ });
    expect(dayButton(FREE)).toHaveAccessibleName(`${longDay(FREE)}, full, no places left`);
    expect(dayButton(FREE)).toHaveTextContent('Full');
    expect(dayButton(FREE)).toHaveAttribute('aria-disabled', 'true');
    expect(dayButton(NONE)).toHaveAccessibleName(`${longDay(NONE)}, 1 place left`);
    await user.click(dayButton(NONE));
    expect(dayButton(NONE)).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByText(/^Preferred Time/)).not.toBeInTheDocument();
  });

  it('when the clinic is closed on a day, then it reads Closed with the reason and cannot be chosen', async () => {
    const user = userEvent.setup();
    render(
      withQueryClient(
        <MemoryRouter>
          <BookingForm onCreated={jest.fn()} returnUrl="/appointment-page" />
        </MemoryRouter>,
      ),
    );
    await user.selectOptions(screen.getByLabelText(/^Service/), screen.getByRole('option', { name: /Nursing Home Care/ }));
    await screen.findByRole('radiogroup', { name: /^Preferred Date/ });
    expect(dayButton(ONE)).toHaveAccessibleName(`${longDay(ONE)}, closed: Farmers’ Day`);
    expect(dayButton(ONE)).toHaveTextContent('Closed');
    expect(dayButton(ONE)).toHaveAttribute('aria-disabled', 'true');
    await user.click(dayButton(ONE));
    expect(dayButton(ONE)).toHaveAttribute('aria-checked', 'false');
  });
});
