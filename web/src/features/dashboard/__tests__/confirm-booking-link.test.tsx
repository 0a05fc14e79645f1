import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { BOOKING_CONFIRMED, confirmBookingPath } from '@api/front-desk';
import type { Appointment } from '@api/types';
import AppointmentsView from '@/features/dashboard/pages/appointments-view';
import { showApiError, showSuccess } from '@/lib/dialogs';
import { withQueryClient } from '@/test-support/query';

jest.mock('@/lib/dialogs', () => ({ showApiError: jest.fn(), showSuccess: jest.fn(), confirm: jest.fn() }));
jest.mock('@/lib/firebase', () => ({ currentIdToken: () => Promise.resolve('test-token') }));
jest.mock('@/shared/session/session', () => ({ useSession: () => ({ status: 'signed-in', uid: 'p1' }) }));

/** A booking the desk made for the patient, as GET /appointments/{id} answers it: accepted, unpaid, not confirmed. */
const DESK_BOOKING = {
  appointmentId: 'desk1',
  source: 'CLINIC',
  patientId: 'p1',
  bookedBy: { uid: 'desk-1', role: 'staff' },
  requestedServiceId: 1,
  requestedService: 'Virtual Consultation (Telemedicine)',
  requestedDay: '2099-01-15',
  requestedTime: '10:00',
  doctorId: 'dr-mensah',
  appointmentStatus: 'Accepted',
  paymentStatus: 'Unpaid',
  requiresPayment: true,
  consultationFee: 150,
  clientReference: 'ABCDE12345',
  selectedLabs: [],
} as unknown as Appointment;
const CONFIRMED: Appointment = { ...DESK_BOOKING, confirmedByPatientAt: '2026-11-26T09:55:00.000Z' };

type Answer = { status: number; msg: string; data: unknown };
let routes: Record<string, Answer>;
const fetchMock = jest.fn((url: string, init?: RequestInit) => {
  const route = `${init?.method ?? 'GET'} ${url}`;
  const answer = routes[route] ?? { status: 404, msg: 'Not found.', data: null };
  // As the server does: once confirmed, the booking reads as confirmed.
  if (route === 'POST /api/appointments/desk1/confirm' && answer.status === 200)
    routes['GET /api/appointments/desk1'] = { status: 200, msg: 'ok', data: CONFIRMED };
  return Promise.resolve({
    ok: answer.status < 300,
    status: answer.status,
    json: () => Promise.resolve({ statusCode: answer.status, msg: answer.msg, data: answer.data }),
  } as Response);
});

beforeEach(() => {
  jest.clearAllMocks();
  routes = {
    'GET /api/appointments/upcoming?patientId=p1': { status: 200, msg: 'ok', data: [DESK_BOOKING] },
    'GET /api/consultation?patientId=p1': { status: 200, msg: 'ok', data: [] },
    'GET /api/prescriptions/p1': { status: 200, msg: 'ok', data: [] },
    'GET /api/appointments/desk1': { status: 200, msg: 'ok', data: DESK_BOOKING },
    'POST /api/appointments/desk1/confirm': { status: 200, msg: BOOKING_CONFIRMED, data: CONFIRMED },
  };
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

function Address() {
  const { search } = useLocation();
  return <output aria-label="address">{search}</output>;
}

const openLink = (appointmentId: string) =>
  render(
    withQueryClient(
      <MemoryRouter initialEntries={[confirmBookingPath(appointmentId)]}>
        <AppointmentsView />
        <Address />
      </MemoryRouter>,
    ),
  );

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => url);

it('when the patient follows the link of a desk booking, then its detail opens and only their click confirms it', async () => {
  const user = userEvent.setup();
  openLink('desk1');
  const button = await screen.findByRole('button', { name: 'Confirm booking' });
  expect(screen.getByRole('heading', { name: 'Virtual Consultation (Telemedicine)' })).toBeInTheDocument();
  // Opening the link confirms nothing (mail scanners open links), and the address loses it.
  expect(posts()).toEqual([]);
  await waitFor(() => expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent(/^$/));

  await user.click(button);
  expect(await screen.findByText(/^Our clinic, confirmed by you on /)).toBeInTheDocument();
  expect(posts()).toEqual(['/api/appointments/desk1/confirm']);
  expect(showSuccess).toHaveBeenCalledWith('Saved!', BOOKING_CONFIRMED);
  expect(screen.queryByRole('button', { name: 'Confirm booking' })).toBeNull();
});

it("when the link names a booking that is not the patient's, then the list says why it could not open it", async () => {
  routes['GET /api/appointments/other1'] = { status: 403, msg: 'This appointment is not yours.', data: null };
  openLink('other1');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'We could not open the booking from your link: This appointment is not yours.',
  );
  expect(posts()).toEqual([]);
});

it('when the confirmation is refused, then the server says why and the booking is not shown as confirmed', async () => {
  routes['POST /api/appointments/desk1/confirm'] = {
    status: 409,
    msg: 'This appointment is Cancelled: there is nothing to confirm.',
    data: null,
  };
  const user = userEvent.setup();
  openLink('desk1');
  await user.click(await screen.findByRole('button', { name: 'Confirm booking' }));
  expect(showApiError).toHaveBeenCalledWith(
    expect.objectContaining({ message: 'This appointment is Cancelled: there is nothing to confirm.' }),
  );
  expect(showSuccess).not.toHaveBeenCalled();
  expect(screen.queryByText(/confirmed by you/)).toBeNull();
});
