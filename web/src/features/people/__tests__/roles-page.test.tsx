import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Page, StaffMember } from '@api/staff';
import type { Doctor } from '@api/types';
import RolesPage from '@/features/people/pages/roles-page';
import { confirm } from '@/lib/dialogs';
import type { Envelope } from '@api/envelope';
import { withQueryClient } from '@/test-support/query';

jest.mock('@/lib/dialogs', () => ({
  confirm: jest.fn(),
  showApiError: jest.fn(),
  showSuccess: jest.fn(),
}));
jest.mock('@/lib/firebase', () => ({ currentIdToken: () => Promise.resolve('test-token') }));
jest.mock('@/features/staff/staff-session', () => ({
  useStaff: () => ({ status: 'staff', uid: 'admin-1', email: 'admin@expmed.local', role: 'admin' }),
  refreshStaffClaims: jest.fn(),
}));

const ADMIN: StaffMember = { uid: 'admin-1', email: 'admin@expmed.local', role: 'admin' };
const NURSE: StaffMember = { uid: 'staff-1', email: 'nurse@expmed.local', role: 'staff' };
const DOCTOR: StaffMember = { uid: 'doc-1', email: 'doctor@expmed.local', role: 'doctor', doctorId: 'dr-mensah' };
/** GET /api/doctors (the public list): what names the doctor's row. */
const DR_MENSAH: Doctor = {
  doctorId: 'dr-mensah',
  surname: 'Mensah',
  otherNames: 'Kofi',
  specialty: 'General Practice',
  consultationFee: 120,
  doctorPicture: '',
};

/** GET /api/staff/roles answers one cursor page (services/staff/roles.ts listStaff: Page<StaffMember>). */
let members: StaffMember[];
let pages: Record<string, Page<StaffMember>>;
const answer = <T,>(data: T, msg = 'ok', statusCode = 200): Envelope<T> => ({ statusCode, msg, data });

const fetchMock = jest.fn((url: string, init?: RequestInit) => {
  let body: Envelope<unknown>;
  if (url.startsWith('/api/staff/roles/') && init?.method === 'DELETE') {
    const uid = decodeURIComponent(url.slice('/api/staff/roles/'.length));
    members = members.filter((m) => m.uid !== uid);
    body = answer(null, 'The role has been removed.');
  } else if (url.startsWith('/api/doctors')) {
    body = answer([DR_MENSAH]);
  } else if (url.startsWith('/api/staff/roles')) {
    const cursor = new URL(url, 'http://site').searchParams.get('cursor') ?? '';
    body = answer(pages[cursor] ?? { items: members, nextCursor: null });
  } else {
    body = answer([]);
  }
  return Promise.resolve({
    ok: body.statusCode < 300,
    status: body.statusCode,
    json: () => Promise.resolve(body),
  } as Response);
});

beforeEach(() => {
  jest.clearAllMocks();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  members = [ADMIN, NURSE, DOCTOR];
  pages = {};
});

const table = () => screen.findByRole('table');

describe('Staff & roles', () => {
  it('when the API answers a page of staff accounts, then each shows with its role', async () => {
    render(withQueryClient(<RolesPage />));
    const rows = within(await table()).getAllByRole('row');
    expect(rows.slice(1).map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'admin@expmed.local',
      'nurse@expmed.local',
      'doctor@expmed.local',
    ]);
    expect(await within(rows[3]).findByText('Doctor: Dr Kofi Mensah')).toBeInTheDocument();
    expect(within(rows[3]).queryByText(/dr-mensah/)).not.toBeInTheDocument();
  });

  it("when the list shows the admin's own account, then it offers no Revoke there (others keep theirs)", async () => {
    render(withQueryClient(<RolesPage />));
    const own = (await screen.findByRole('rowheader', { name: 'admin@expmed.local' })).closest('tr')!;
    expect(within(own).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(within(own).getByText('You (another admin can change your role)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revoke nurse@expmed.local' })).toBeInTheDocument();
  });

  it('when there are more accounts than one page, then Load more shows the next page', async () => {
    const user = userEvent.setup();
    pages = { '': { items: [ADMIN], nextCursor: 'admin-1' }, 'admin-1': { items: [NURSE], nextCursor: null } };
    render(withQueryClient(<RolesPage />));
    await screen.findByRole('rowheader', { name: 'admin@expmed.local' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('rowheader', { name: 'nurse@expmed.local' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('when the admin revokes a role and confirms, then DELETE is sent and the account leaves the list', async () => {
    const user = userEvent.setup();
    jest.mocked(confirm).mockResolvedValue(true);
    render(withQueryClient(<RolesPage />));
    await screen.findByRole('rowheader', { name: 'nurse@expmed.local' });
    await user.click(screen.getByRole('button', { name: 'Revoke nurse@expmed.local' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'nurse@expmed.local' })).not.toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledWith('/api/staff/roles/staff-1', expect.objectContaining({ method: 'DELETE' }));
    expect(screen.getByRole('rowheader', { name: 'doctor@expmed.local' })).toBeInTheDocument();
  });

  it('when no one holds a role, then the page says so', async () => {
    members = [];
    render(withQueryClient(<RolesPage />));
    expect(await screen.findByText('No staff accounts.')).toBeInTheDocument();
  });
});
