import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { LabRequest } from '@api/record';
import type { Appointment } from '@api/types';
import RecordsView from '@/features/dashboard/pages/records-view';
import { prescription } from '@/test-support/prescriptions';
import { withQueryClient } from '@/test-support/query';

jest.mock('@/lib/dialogs', () => ({ showApiError: jest.fn() }));
jest.mock('@/lib/firebase', () => ({ currentIdToken: () => Promise.resolve('test-token') }));
jest.mock('@/shared/session/session', () => ({ useSession: () => ({ status: 'signed-in', uid: 'p1' }) }));

const REQUEST: LabRequest = {
  labRequestId: 'lr1',
  appointmentId: 'visit1',
  patientId: 'p1',
  tests: ['fbc', 'malaria'],
  testNames: ['Full Blood Count', 'Malaria Parasite Test'],
  status: 'Requested',
  doctor: 'Dr Kwame Mensah',
  requestedAt: '2026-11-26T10:00:00.000Z',
};

const appointment = (change: Partial<Appointment>) =>
  ({
    appointmentId: 'x',
    requestedServiceId: 1,
    requestedService: 'Virtual Consultation (Telemedicine)',
    requestedDay: '2026-11-20',
    doctorId: 'dr-mensah',
    appointmentStatus: 'Completed',
    selectedLabs: [],
    ...change,
  }) as Appointment;

const HISTORY = [
  appointment({
    appointmentId: 'visit1',
    followUp: { dueDate: '2099-01-10', note: 'Bring your results', remindAt: '2099-01-08T08:00:00.000Z', suggestedBy: 'dr' },
  }),
  appointment({
    appointmentId: 'delivery1',
    requestedServiceId: 7,
    requestedService: 'Medicine Delivery',
    appointmentStatus: 'Pending',
  }),
  appointment({
    appointmentId: 'lab1',
    requestedServiceId: 6,
    requestedService: 'Labs/Medical Checkup',
    selectedLabs: [{ id: 'fbc', itemName: 'Full Blood Count', itemPrice: 60 }],
    results: [
      {
        fileId: 'f1',
        name: 'FBC report.pdf',
        contentType: 'application/pdf',
        uploadedAt: '2026-11-27T09:00:00.000Z',
        by: 'staff',
      },
    ],
  }),
];

const answers: Record<string, unknown> = {
  '/api/prescriptions/p1': [
    prescription({}),
    prescription({ prescriptionId: 'rx2', code: 'ZX45MN67', deliveryAppointmentId: 'delivery1' }),
  ],
  '/api/lab-requests/p1': [REQUEST],
  '/api/appointments/upcoming?patientId=p1': [],
  '/api/consultation?patientId=p1': HISTORY,
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

it('when the patient has prescriptions, lab requests, results and a follow-up, then each offers its next step', async () => {
  render(
    withQueryClient(
      <MemoryRouter>
        <RecordsView />
      </MemoryRouter>,
    ),
  );
  const fresh = await screen.findByRole('listitem', { name: 'Prescription AB23CD45' });
  expect(within(fresh).getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
  expect(within(fresh).getByRole('link', { name: 'Order these medicines' })).toHaveAttribute(
    'href',
    '/appointment-page?service=7&prescription=rx1',
  );
  // Ordered already, and the delivery is still live: no second order.
  const ordered = screen.getByRole('listitem', { name: 'Prescription ZX45MN67' });
  expect(within(ordered).queryByRole('link', { name: 'Order these medicines' })).toBeNull();
  expect(within(ordered).getByText(/^Ordered for delivery on/)).toBeInTheDocument();

  expect(screen.getByRole('link', { name: 'Book these tests' })).toHaveAttribute(
    'href',
    '/appointment-page?service=6&labRequest=lr1&labs=fbc,malaria',
  );
  expect(screen.getByRole('link', { name: 'Book follow-up' })).toHaveAttribute(
    'href',
    '/appointment-page?service=1&doctor=dr-mensah',
  );
  expect(screen.getByText(/Bring your results/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Open FBC report.pdf' })).toBeInTheDocument();
});
