import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NewsletterForm } from '@/features/newsletter/components/newsletter-form';
import { showInfo, showSuccess } from '@/lib/dialogs';

jest.mock('@/lib/dialogs', () => ({ showApiError: jest.fn(), showInfo: jest.fn(), showSuccess: jest.fn() }));

describe('the newsletter form', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    global.fetch = jest.fn().mockResolvedValue({
      ok: true,
      status: 201,
      json: () => Promise.resolve({ statusCode: 201, msg: 'Thank you', data: { id: 'x' } }),
    } as unknown as Response);
  });

  it('when submitted empty, then the spec info shows and nothing is sent', async () => {
    render(<NewsletterForm />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(showInfo).toHaveBeenCalledWith('Please enter your Email Address');
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('when an address is subscribed, then it is sent and the field is cleared', async () => {
    render(<NewsletterForm />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Email Address');
    await user.type(input, ' ama@example.com ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalled());
    expect(JSON.parse((global.fetch as jest.Mock).mock.calls[0][1].body)).toEqual({ email: 'ama@example.com', website: '' });
    expect(input).toHaveValue('');
  });
});
