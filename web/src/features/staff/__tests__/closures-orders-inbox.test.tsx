import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { AffectedAnswer, Closure } from '@api/front-desk';
import type { StaffMessage, StaffOrder } from '@api/staff';
import ClosuresPage from '@/features/staff/pages/closures-page';
import InboxPage from '@/features/staff/pages/inbox-page';
import OrdersPage from '@/features/staff/pages/orders-page';
import { addDays, longDay, todayInGhana } from '@/features/staff/days';
import { confirm } from '@/lib/dialogs';
import { withQueryClient } from '@/test-support/query';
import { aClosure, aMessage, anOrder, fakeApi, ok, type Answer } from '@/test-support/staff-answers';

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
let orders: StaffOrder[];
let messages: StaffMessage[];
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
  ['GET', '/api/staff/orders', () => ok({ items: orders, nextCursor: null })],
  ['GET', '/api/staff/enquiries', () => ok({ items: [], nextCursor: null })],
  ['GET', '/api/staff/messages', () => ok({ items: messages, nextCursor: null })],
  [
    'POST',
    '/api/staff/messages/m1/reply',
    ({ body }) => {
      messages = [
        {
          ...messages[0],
          status: 'Replied',
          replies: [{ text: (body as { text: string }).text, by: 'staff@expmed.local', at: '2098-12-21T09:00:00.000Z' }],
        },
      ];
      return ok(messages[0]);
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
  orders = [];
  messages = [aMessage()];
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

describe('Orders', () => {
  it('when it opens, then the paid orders to dispatch are asked for, with who, their phone and where to deliver', async () => {
    orders = [anOrder()];
    renderPage(<OrdersPage />);
    const card = await screen.findByRole('listitem', { name: 'Order ORD0000001' });
    expect(Object.fromEntries(api.callsTo('GET', '/api/staff/orders')[0].url.searchParams)).toEqual({ toDispatch: 'true' });
    expect(card).toHaveTextContent('Ama Mensah');
    expect(within(card).getByRole('link', { name: '024 123 4567' })).toHaveAttribute('href', 'tel:+233241234567');
    expect(card).toHaveTextContent('Deliver to: 12 Mango Street, Adenta');
    expect(within(card).getByRole('button', { name: /^Dispatch/ })).toBeInTheDocument();
  });

  it('when an order is not paid, then Dispatch is not offered (Cancel is)', async () => {
    orders = [anOrder({ paymentStatus: 'Unpaid' })];
    renderPage(<OrdersPage />, '/?show=Pending');
    const card = await screen.findByRole('listitem', { name: 'Order ORD0000001' });
    expect(within(card).queryByRole('button', { name: /^Dispatch/ })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /^Cancel/ })).toBeInTheDocument();
    expect(card).toHaveTextContent('Not paid yet: it can be dispatched once paid.');
  });
});

describe('Contact messages', () => {
  it('when staff reply, then the text is sent, and the reply and Replied show with the message', async () => {
    const user = renderPage(<InboxPage />);
    const message = await screen.findByRole('listitem', { name: 'Message from Kofi Boateng' });
    expect(within(message).getByText('New', { selector: '.staff-badge' })).toBeInTheDocument();
    await user.click(within(message).getByRole('button', { name: 'Reply to Kofi Boateng' }));
    expect(within(message).getByLabelText('Reply')).toHaveFocus();
    await user.click(within(message).getByRole('button', { name: 'Send reply' }));
    expect(await within(message).findByRole('alert')).toHaveTextContent('Reply: write the answer to send.');
    await user.type(within(message).getByLabelText('Reply'), 'Yes, we visit Tema every day.');
    await user.click(within(message).getByRole('button', { name: 'Send reply' }));
    expect(await within(message).findByText('Reply mailed to kofi@example.com.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/staff/messages/m1/reply')[0].body).toEqual({ text: 'Yes, we visit Tema every day.' });
    const replies = await within(message).findByRole('list', { name: 'Replies' });
    expect(replies).toHaveTextContent('Yes, we visit Tema every day.');
    expect(replies).toHaveTextContent('Replied by staff@expmed.local');
    expect(within(message).getByText('Replied', { selector: '.staff-badge' })).toBeInTheDocument();
  });
});
