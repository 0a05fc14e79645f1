import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { AuditEntry, Page } from '@api/staff';
import AuditPage from '@/features/people/pages/audit-page';
import { withQueryClient } from '@/test-support/query';

jest.mock('@/lib/firebase', () => ({ currentIdToken: () => Promise.resolve('test-token') }));

/** Entries as GET /api/staff/audit answers them (api/staff.ts AuditEntry). */
const ENTRIES: AuditEntry[] = [
  {
    id: 'e1',
    actorUid: 'staff-1',
    actorRole: 'staff',
    action: 'appointment.list',
    target: 'appointments',
    at: '2026-11-27T09:00:00.000Z',
    query: 'day=2026-11-27',
    count: 2,
    patientIds: ['pat-a', 'pat-b'],
    patientNames: { 'pat-a': 'Ama Mensah' },
  },
  {
    id: 'e2',
    actorUid: 'admin-1',
    actorRole: 'admin',
    action: 'patient.read',
    target: 'patients/pat-b',
    at: '2026-11-27T08:00:00.000Z',
    patientIds: ['pat-b'],
  },
];

const fetchMock = jest.fn((url: string) => {
  const patientId = new URL(url, 'http://localhost').searchParams.get('patientId');
  const items = patientId ? ENTRIES.filter((e) => e.patientIds?.includes(patientId)) : ENTRIES;
  const answer = { statusCode: 200, msg: 'Success', data: { items, nextCursor: null } satisfies Page<AuditEntry> };
  return Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(answer) } as Response);
});

beforeEach(() => {
  jest.clearAllMocks();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

const renderAt = (url: string) =>
  render(
    withQueryClient(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/staff/audit" element={<AuditPage />} />
        </Routes>
      </MemoryRouter>,
    ),
  );

const rows = () =>
  within(screen.getByRole('region', { name: 'Audit entries' }))
    .getAllByRole('row')
    .slice(1);

it('shows what each answer showed: how many records, for which query, whose', async () => {
  renderAt('/staff/audit');
  await screen.findByText('Listed appointments');
  expect(rows()).toHaveLength(2);
  expect(rows()[0]).toHaveTextContent('2 records (day Fri 27 Nov 2026)');
  // A patient reads as their name where the server found one; never as an account id (an erased account).
  expect(within(rows()[0]).getByRole('button', { name: 'Show the entries about patient pat-a' })).toHaveTextContent('Ama Mensah');
  expect(within(rows()[0]).getByRole('button', { name: 'Show the entries about patient pat-b' })).toHaveTextContent(
    'A patient with no account now',
  );
  // Who acted: an account with no name left reads in words, not as its uid.
  expect(rows()[0]).not.toHaveTextContent('staff-1');
  expect(rows()[0]).toHaveTextContent('An account no longer on file (Staff)');
});

it('when a patient id is entered or picked, then only the entries naming that patient are asked for and shown', async () => {
  const user = userEvent.setup();
  renderAt('/staff/audit');
  await screen.findByText('Listed appointments');
  await user.type(screen.getByLabelText('Patient ID'), 'pat-a');
  await user.click(screen.getByRole('button', { name: 'Filter' }));
  await waitFor(() => expect(rows()).toHaveLength(1));
  expect(fetchMock.mock.calls.at(-1)?.[0]).toContain('patientId=pat-a');
  expect(screen.queryByText("Opened a patient's record")).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Show all' }));
  await screen.findByText("Opened a patient's record");
  await user.click(within(rows()[1]).getByRole('button', { name: 'Show the entries about patient pat-b' }));
  expect(fetchMock.mock.calls.at(-1)?.[0]).toContain('patientId=pat-b');
  expect(screen.getByLabelText('Patient ID')).toHaveValue('pat-b');
});
