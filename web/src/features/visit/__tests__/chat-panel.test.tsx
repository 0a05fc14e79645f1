import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RATE_LIMITS } from '@api/visits';
import { ChatPanel } from '@/features/visit/components/chat-panel';
import { OverRateCap } from '@/features/visit/rate-cap';

// jsdom lays nothing out, so it has no scrolling; the log scrolls to the newest message in a browser.
beforeAll(() => {
  Element.prototype.scrollTo = () => undefined;
});

async function send(onSend: (text: string) => Promise<void>) {
  render(<ChatPanel messages={[]} uid="patient-ama" peerName="Dr Mensah" onSend={onSend} />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Message'), 'Can you hear me?');
  await user.click(screen.getByRole('button', { name: 'Send' }));
}

describe("the call's chat when a message is refused", () => {
  it('when the rules refuse it over the per-minute cap, then the person reads the cap in words and keeps the text', async () => {
    await send(() => Promise.reject(new OverRateCap('chat')));
    expect(
      await screen.findByText(`You can send at most ${RATE_LIMITS.chat} messages a minute. Wait a moment, then send it again.`),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue('Can you hear me?');
  });

  it('when anything else stops it, then the person is told to check the connection', async () => {
    await send(() => Promise.reject(new Error('unavailable')));
    expect(await screen.findByText('The message could not be sent. Check your connection and try again.')).toBeInTheDocument();
  });
});
