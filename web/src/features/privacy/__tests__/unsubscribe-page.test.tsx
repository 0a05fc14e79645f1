import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import UnsubscribePage from '@/features/privacy/pages/unsubscribe-page';

const answer = (statusCode: number, msg: string) =>
  ({
    ok: statusCode < 300,
    status: statusCode,
    json: () => Promise.resolve({ statusCode, msg, data: null }),
  }) as unknown as Response;

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <UnsubscribePage />
    </MemoryRouter>,
  );

describe('the Unsubscribe page', () => {
  beforeEach(() => {
    global.fetch = jest.fn().mockResolvedValue(answer(200, 'You have been unsubscribed'));
  });

  it('when opened, then it sends nothing; when Unsubscribe is pressed, then it posts the token and confirms', async () => {
    renderAt('/unsubscribe?token=abc.def');
    expect(global.fetch).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You have been unsubscribed from our newsletter');
    const [url, init] = (global.fetch as jest.Mock).mock.calls[0];
    expect(String(url)).toMatch(/\/subscriptions\/news\/unsubscribe$/);
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({ token: 'abc.def' });
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('when the server refuses the token, then its message is announced and the button stays', async () => {
    (global.fetch as jest.Mock).mockResolvedValue(answer(400, 'This unsubscribe link is not valid.'));
    renderAt('/unsubscribe?token=bad');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('This unsubscribe link is not valid.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('not valid');
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
  });

  it('when the link has no token, then it says so and offers no button', () => {
    renderAt('/unsubscribe');
    expect(screen.getByRole('alert')).toHaveTextContent('This unsubscribe link is not complete');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });
});
