import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContactForm } from '@/features/contact/components/contact-form';
import { showApiError, showError, showSuccess } from '@/lib/dialogs';

jest.setTimeout(20_000);

jest.mock('@/lib/dialogs', () => ({
  showApiError: jest.fn(),
  showError: jest.fn(),
  showSuccess: jest.fn(),
}));

const answer = (statusCode: number, msg: string) =>
  jest.fn().mockResolvedValue({
    ok: statusCode < 300,
    status: statusCode,
    json: () => Promise.resolve({ statusCode, msg, data: statusCode < 300 ? { id: 'x' } : null }),
  } as unknown as Response);

async function fillIn(user: ReturnType<typeof userEvent.setup>, overrides: Record<string, string> = {}) {
  const values = {
    'Your Name': 'Kofi Boateng',
    'Phone Number': '024 123 4567',
    'Your Email': 'kofi@example.com',
    Message: 'Hello',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(new RegExp(`^${label}`));
    await user.clear(input);
    // One paste per field rather than a keystroke each: keeps the test quick on a busy machine.
    if (value) await user.paste(value);
  }
}

describe('the contact form', () => {
  afterEach(() => jest.clearAllMocks());

  it('when the form is empty or partly invalid, then Send Message is disabled', async () => {
    render(<ContactForm />);
    const user = userEvent.setup();
    const send = screen.getByRole('button', { name: 'Send Message' });
    await waitFor(() => expect(send).toBeDisabled());
    await fillIn(user, { 'Your Email': 'kofi@' });
    await waitFor(() => expect(send).toBeDisabled());
    await fillIn(user);
    await waitFor(() => expect(send).toBeEnabled());
    await user.clear(screen.getByLabelText(/^Message/));
    await waitFor(() => expect(send).toBeDisabled());
  });

  it('when Enter is pressed in an incomplete form, then Oops / All fields required shows and nothing is sent', async () => {
    global.fetch = jest.fn();
    render(<ContactForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Your Name/), 'Kofi{Enter}');
    expect(showError).toHaveBeenCalledWith('All fields required');
    await waitFor(() => expect(screen.getByLabelText(/^Your Email/)).toHaveAttribute('aria-invalid', 'true'));
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('when a touched field is invalid, then it is marked invalid with its message', async () => {
    render(<ContactForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Phone Number/), '12');
    await user.tab();
    const phone = screen.getByLabelText(/^Phone Number/);
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(phone.closest('.field')).toHaveClass('invalid');
    expect(screen.getByText(/Phone Number must be a phone number/)).toBeInTheDocument();
  });

  it('when sent, then the message goes to /api/feedback and the form is reset', async () => {
    global.fetch = answer(201, 'Thank you');
    render(<ContactForm />);
    const user = userEvent.setup();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalled());
    const [url, init] = (global.fetch as jest.Mock).mock.calls[0];
    expect(url).toBe('/api/feedback');
    expect(JSON.parse(init.body)).toEqual({
      fullName: 'Kofi Boateng',
      telephone: '024 123 4567',
      email: 'kofi@example.com',
      message: 'Hello',
      website: '',
    });
    expect(screen.getByLabelText(/^Your Name/)).toHaveValue('');
    expect(screen.queryByText('Just a moment ...')).not.toBeInTheDocument();
  });

  it('when the server refuses, then Oops shows its msg and the spinner is gone', async () => {
    global.fetch = answer(400, 'Your Email must be a valid email address.');
    render(<ContactForm />);
    const user = userEvent.setup();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(showApiError).toHaveBeenCalled());
    expect((showApiError as jest.Mock).mock.calls[0][0]).toMatchObject({ message: 'Your Email must be a valid email address.' });
    expect(screen.queryByText('Just a moment ...')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Your Name/)).toHaveValue('Kofi Boateng');
  });
});
