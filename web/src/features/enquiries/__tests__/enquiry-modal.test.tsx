import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { EnquiryModal } from '@/features/enquiries/components/enquiry-modal';

jest.setTimeout(20_000);

jest.mock('@/lib/dialogs', () => ({ showApiError: jest.fn(), showSuccess: jest.fn() }));

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Make Enquiries</button>
      <EnquiryModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}

describe('the Make Enquiries modal', () => {
  beforeEach(() => {
    global.fetch = jest.fn();
  });

  it('when submitted empty, then every field is marked invalid and nothing is sent', async () => {
    render(<Opener />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Make Enquiries' }));
    const dialog = screen.getByRole('dialog', { name: 'Make Enquiries' });
    await user.click(screen.getByRole('button', { name: 'Submit Enquiry' }));
    for (const label of ['Organisation Name', 'Location', 'Type', 'Contact Person Name', 'Email', 'Contact']) {
      await waitFor(() =>
        expect(screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`))).toHaveAttribute('aria-invalid', 'true'),
      );
    }
    expect(dialog.querySelectorAll('.field.invalid')).toHaveLength(6);
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('when opened, then focus is inside; Escape closes it and focus returns to the opener', async () => {
    render(<Opener />);
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Make Enquiries' });
    await user.click(opener);
    expect(screen.getByLabelText(/^Organisation Name/)).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('when Tab leaves the last control, then focus wraps to the first', async () => {
    render(<Opener />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Make Enquiries' }));
    act(() => screen.getByRole('button', { name: 'Cancel' }).focus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });
});
