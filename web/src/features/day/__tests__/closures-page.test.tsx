import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { AffectedAnswer, Closure } from '@api/front-desk';
import ClosuresPage from '@/features/day/pages/closures-page';
import { addDays, longDay, todayInGhana } from '@/features/staff/days';
import { confirm } from '@/lib/dialogs';
import { withQueryClient } from '@/test-support/query';
import { aClosure, fakeApi, ok, type Answer } from '@/test-support/staff-answers';

jest.mock('@/lib/dialogs', () => ({ confirm: jest.fn(), showApiError: jest.fn(), showSuccess: jest.fn() }));
jest.mock('@/lib/firebase', () => ({ currentIdToken: () => Promise.resolve('test-token') }));

const DAY = addDays(todayInGhana(), 40);
const AFFECTED: AffectedAnswer = {
  affected: [
    {
      appointmentId: 'a1',
      patientName: 'Ama Mensah',
      requestedService: 'Virtual Consultation (Telemedicine)',
      requestedDay: DAY,
      requestedTime: '10:00',
      appointmentStatus: 'Accepted',
      paid: true,
    },
  ],
};

let closures: Closure[];
let putAnswer: (body: { reason: string; confirm?: boolean }) => Answer;
const api = fakeApi(() => [
  ['GET', '/api/staff/closures', () => ok(closures)],
  ['PUT', /^\/api\/staff\/closures\/[\d-]+$/, ({ body }) => putAnswer(body as { reason: string; confirm?: boolean })],
  [
    'DELETE',
    /^\/api\/staff\/closures\/[\d-]+$/,
    ({ url }) => {
      closures = closures.filter((c) => !url.pathname.endsWith(c.day));
      return ok(null);
    },
  ],
]);
const puts = () => api.calls.filter((c) => c.method === 'PUT');

function renderPage(page: React.ReactNode, path = '/') {
  const user = userEvent.setup();
  render(withQueryClient(<MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>));
  return user;
}

beforeEach(() => {
  jest.clearAllMocks();
  api.calls.length = 0;
  globalThis.fetch = api.fetchMock as unknown as typeof fetch;
  jest.mocked(confirm).mockResolvedValue(true);
  closures = [aClosure({ day: addDays(todayInGhana(), 20), reason: 'Christmas Day' })];
  putAnswer = ({ reason, confirm: yes }) =>
    yes
      ? ok(aClosure({ day: DAY, reason, source: 'clinic' }))
      : { statusCode: 409, msg: '1 booked appointment falls on that day.', data: AFFECTED };
});

describe('Closures', () => {
  it('when it opens, then the next year of closed days is asked for and listed, holidays named as such', async () => {
    renderPage(<ClosuresPage />);
    const row = (await screen.findByText('Christmas Day')).closest('tr')!;
    expect(row).toHaveTextContent('Public holiday');
    expect(Object.fromEntries(api.callsTo('GET', '/api/staff/closures')[0].url.searchParams)).toEqual({
      from: todayInGhana(),
      to: addDays(todayInGhana(), 365),
    });
  });

  async function closeDay(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Day'), DAY);
    await user.type(screen.getByLabelText('Reason'), 'Staff training');
    await user.click(screen.getByRole('button', { name: 'Close this day' }));
    return screen.findByRole('dialog', { name: '1 booked appointment in the way' });
  }

  it('when a closure covers booked appointments, then they are listed first and it is saved only once confirmed', async () => {
    const user = renderPage(<ClosuresPage />);
    await screen.findByText('Christmas Day');
    const dialog = await closeDay(user);
    expect(within(dialog).getByRole('listitem')).toHaveTextContent(
      `${longDay(DAY)} 10:00 · Ama Mensah · Virtual Consultation (Telemedicine) · Paid`,
    );
    expect(puts()).toHaveLength(1);
    expect(puts()[0].body).toEqual({ reason: 'Staff training', confirm: false });
    await user.click(within(dialog).getByRole('button', { name: 'Save and move them to Needs rebooking' }));
    expect(await screen.findByText(`Closed on ${longDay(DAY)}: Staff training.`)).toBeInTheDocument();
    expect(puts()[1].body).toEqual({ reason: 'Staff training', confirm: true });
    expect(puts()[1].url.pathname).toBe(`/api/staff/closures/${DAY}`);
  });

  it('when the desk goes back, then nothing more is sent', async () => {
    const user = renderPage(<ClosuresPage />);
    await screen.findByText('Christmas Day');
    const dialog = await closeDay(user);
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts()).toHaveLength(1);
  });

  it('when a closure is removed, then it is deleted after a yes', async () => {
    const user = renderPage(<ClosuresPage />);
    await screen.findByText('Christmas Day');
    await user.click(screen.getByRole('button', { name: /^Remove/ }));
    await waitFor(() => expect(screen.queryByText('Christmas Day')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
