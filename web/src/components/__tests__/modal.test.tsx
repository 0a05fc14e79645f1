import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Modal } from '@/components/modal';

function WithFrame() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Pay now
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Make Payment">
        <iframe title="Secure checkout" />
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('when Tab leaves a frame inside it (keys in a frame never reach the page), then the guards bring focus back into the dialog', async () => {
    const user = userEvent.setup();
    render(<WithFrame />);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const frame = screen.getByTitle('Secure checkout');
    expect(close).toHaveFocus();

    // Leaving the frame forwards lands on the trailing guard, which sends focus to the first stop;
    // backwards onto the leading guard, which sends it to the last stop, the frame.
    const [before, after] = [...document.querySelectorAll<HTMLElement>('.modal-focus-guard')];
    fireEvent.focus(before);
    expect(frame).toHaveFocus();
    fireEvent.focus(after);
    expect(close).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay now' })).toHaveFocus();
  });
});
