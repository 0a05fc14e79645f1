import { formatDate } from '@api/format';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { AppointmentRecord } from '@api/staff-record';
import type { Appointment } from '@api/types';
import { windowDays } from '@/features/appointments/api/availability';
import { when } from '@/features/appointments/components/reschedule-dialog';
import AppointmentDetailPage from '@/features/desk/pages/appointment-detail-page';
import { showSuccess } from '@/lib/dialogs';
import { withQueryClient } from '@/test-support/query';

jest.mock('@/lib/dialogs', () => ({
  confirm: jest.fn(),
  showApiError: jest.fn(),
  showInfo: jest.fn(),
  showSuccess: jest.fn(),
}));
jest.mock('@/lib/firebase', () => ({ currentIdToken: () => Promise.resolve('test-token') }));
jest.mock('@/features/staff/staff-session', () => ({
  useStaff: () => ({ status: 'staff', uid: 'staff-1', email: 'staff@expmed.local', role: 'staff' }),
}));

const [, FREE] = windowDays();
const booked = (change: Partial<Appointment> = {}) =>
  ({
    appointmentId: 'a1',
    firstName: 'Ama',
    lastName: 'Mensah',
    contactNumber: '0241234567',
    emailAddress: 'ama@example.com',
    requestedServiceId: 1,
    requestedService: 'Virtual Consultation (Telemedicine)',
    requestedServiceOption: null,
    doctorId: 'dr-boateng',
    doctorSurName: 'Boateng',
    doctorOtherNames: 'Kofi',
    requestedDay: '2099-01-01',
    requestedTime: '09:00',
    appointmentStatus: 'Accepted',
    paymentStatus: 'Paid',
    requiresPayment: true,
    consultationFee: 250,
    clientReference: 'REF1234567',
    createdAt: '2026-11-20T10:00:00Z',
    healthProblem: '',
    selectedLabs: [],
    appointmentFileName: null,
    ...change,
  }) as Appointment;

let stored: Appointment;
let rescheduleAnswer: (body: { requestedDay: string; requestedTime: string }) => {
  statusCode: number;
  msg: string;
  data: unknown;
};
const fetchMock = jest.fn((url: string, init?: RequestInit) => {
  const answer = url.startsWith('/api/doctors/dr-boateng/slots')
    ? { statusCode: 200, msg: 'ok', data: [{ day: FREE, times: ['10:00', '10:30'] }] }
    : url === '/api/staff/appointments/a1/reschedule' && init?.method === 'POST'
      ? rescheduleAnswer(JSON.parse(String(init.body)) as { requestedDay: string; requestedTime: string })
      : url === '/api/staff/appointments/a1'
        ? { statusCode: 200, msg: 'ok', data: stored }
        : url === '/api/staff/appointments/a1/record'
          ? { statusCode: 200, msg: 'ok', data: { prescriptions: [], labRequests: [], carries: {} } satisfies AppointmentRecord }
          : { statusCode: 200, msg: 'ok', data: [] };
  return Promise.resolve({
    ok: answer.statusCode < 300,
    status: answer.statusCode,
    json: () => Promise.resolve(answer),
  } as Response);
});
const moves = () => fetchMock.mock.calls.filter(([url]) => url === '/api/staff/appointments/a1/reschedule');

async function renderPage() {
  const user = userEvent.setup();
  render(
    withQueryClient(
      <MemoryRouter initialEntries={['/staff/appointments/a1']}>
        <Routes>
          <Route path="/staff/appointments/:appointmentId" element={<AppointmentDetailPage />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
  await screen.findByRole('article', { name: 'Appointment' });
  return user;
}

async function chooseFreeTime(user: ReturnType<typeof userEvent.setup>, time: string) {
  await user.click(screen.getByRole('button', { name: 'Reschedule' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reschedule appointment' });
  await user.click(await within(dialog).findByRole('radio', { name: new RegExp(`^${when(FREE, null)},`) }));
  await user.click(within(dialog).getByRole('radio', { name: time }));
  await user.click(within(dialog).getByRole('button', { name: 'Move appointment' }));
  return dialog;
}

beforeEach(() => {
  jest.clearAllMocks();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  stored = booked();
  rescheduleAnswer = (to) => {
    stored = { ...stored, ...to };
    return { statusCode: 200, msg: 'The appointment has been moved.', data: stored };
  };
});

describe("the console's Reschedule", () => {
  it.each(['Pending', 'Accepted'] as const)('when the appointment is %s, then Reschedule is offered', async (state) => {
    stored = booked({ appointmentStatus: state });
    await renderPage();
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeInTheDocument();
  });

  it.each(['Completed', 'Cancelled', 'Declined', 'Expired'] as const)(
    'when the appointment is %s, then it cannot be moved',
    async (state) => {
      stored = booked({ appointmentStatus: state });
      await renderPage();
      expect(screen.queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
    },
  );

  it('when a free time is chosen, then the staff route moves it, the detail shows the new day and time and it is confirmed', async () => {
    const user = await renderPage();
    await chooseFreeTime(user, '10:30');
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Saved!', `The appointment is now on ${when(FREE, '10:30')}.`));
    expect(JSON.parse(String(moves()[0][1]!.body))).toEqual({ requestedDay: FREE, requestedTime: '10:30' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const details = screen.getByRole('article', { name: 'Appointment' });
    expect(await within(details).findByText(formatDate(FREE))).toBeInTheDocument();
    expect(within(details).getByText('10:30')).toBeInTheDocument();
  });

  it('when the server refuses (409), then its message shows in the dialog, which stays open, and nothing changes', async () => {
    const refusal = 'Dr Kofi Boateng is not free at 10:00 on that day: choose another time.';
    rescheduleAnswer = () => ({ statusCode: 409, msg: refusal, data: null });
    const user = await renderPage();
    const dialog = await chooseFreeTime(user, '10:00');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('dialog', { name: 'Reschedule appointment' })).toBeInTheDocument();
    expect(showSuccess).not.toHaveBeenCalled();
    expect(within(screen.getByRole('article', { name: 'Appointment' })).getByText(formatDate('2099-01-01'))).toBeInTheDocument();
  });
});
