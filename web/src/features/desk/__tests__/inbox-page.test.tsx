import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { StaffMessage } from '@api/staff';
import InboxPage from '@/features/desk/pages/inbox-page';
import { confirm } from '@/lib/dialogs';
import { withQueryClient } from '@/test-support/query';
import { aMessage, fakeApi, ok } from '@/test-support/staff-answers';

jest.mock('@/lib/dialogs', () => ({ confirm: jest.fn(), showApiError: jest.fn(), showSuccess: jest.fn() }));
jest.mock('@/lib/firebase', () => ({ currentIdToken: () => Promise.resolve('test-token') }));

let messages: StaffMessage[];
const api = fakeApi(() => [
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
  messages = [aMessage()];
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
