import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { Appointment } from '@api/types';
import AppointmentsView from '@/features/dashboard/pages/appointments-view';
import { prescription } from '@/test-support/prescriptions';
import { withQueryClient } from '@/test-support/query';

jest.mock('@/lib/dialogs', () => ({ showApiError: jest.fn(), showSuccess: jest.fn(), confirm: jest.fn() }));
jest.mock('@/lib/firebase', () => ({ currentIdToken: () => Promise.resolve('test-token') }));
jest.mock('@/shared/session/session', () => ({ useSession: () => ({ status: 'signed-in', uid: 'p1' }) }));

const PRESCRIPTION = prescription();

const appointment = (change: Partial<Appointment>) =>
  ({
    appointmentId: 'x',
    requestedServiceId: 1,
    requestedService: 'Virtual Consultation (Telemedicine)',
    requestedDay: '2026-11-20',
    requestedTime: '10:00',
    doctorId: 'dr-mensah',
    appointmentStatus: 'Completed',
    paymentStatus: 'Paid',
    requiresPayment: true,
    consultationFee: 150,
    clientReference: 'ABCDE12345',
    selectedLabs: [],
    ...change,
  }) as Appointment;

const VISIT = appointment({ appointmentId: 'visit1' });
const OTHER = appointment({ appointmentId: 'visit2', requestedService: 'Dietary Consultation', requestedDay: '2026-11-10' });

const answers: Record<string, unknown> = {
  '/api/prescriptions/p1': [PRESCRIPTION],
  '/api/appointments/upcoming?patientId=p1': [],
  '/api/consultation?patientId=p1': [VISIT, OTHER],
  '/api/appointments/visit1': VISIT,
  '/api/appointments/visit2': OTHER,
};

beforeEach(() => {
  globalThis.fetch = jest.fn((url: string) =>
    Promise.resolve({
      ok: true,
      status: 200,
      json: () => Promise.resolve({ statusCode: 200, msg: 'ok', data: answers[url] }),
    } as Response),
  ) as unknown as typeof fetch;
});

const renderView = () =>
  render(
    withQueryClient(
      <MemoryRouter initialEntries={['/dashboard']}>
        <AppointmentsView />
      </MemoryRouter>,
    ),
  );

it('when a completed appointment had a prescription issued, then its detail names it and links it: the PDF and My records', async () => {
  const user = userEvent.setup();
  renderView();
  const history = await screen.findByRole('region', { name: 'History' });
  await user.click(within(history).getAllByRole('button', { name: /Virtual Consultation/ })[0]);
  const issued = await screen.findByRole('region', { name: 'Prescription from this visit' });
  expect(issued).toHaveTextContent('Prescription AB23CD45, Dr Kwame Mensah, Thu 26 Nov 2026: Amoxicillin.');
  expect(within(issued).getByRole('button', { name: 'Download prescription AB23CD45 (PDF)' })).toBeInTheDocument();
  expect(within(issued).getByRole('link', { name: 'See it in My records' })).toHaveAttribute('href', '/dashboard/records');
});

it('when a completed appointment had no prescription, then its detail shows none', async () => {
  const user = userEvent.setup();
  renderView();
  const history = await screen.findByRole('region', { name: 'History' });
  await user.click(within(history).getByRole('button', { name: /Dietary Consultation/ }));
  await screen.findByRole('heading', { name: 'Dietary Consultation' });
  expect(screen.queryByRole('region', { name: /from this visit/ })).toBeNull();
});
