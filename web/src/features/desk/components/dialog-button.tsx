import { Suspense, useState, type ReactNode } from 'react';
import { SpinnerOverlay } from '@/components/spinner';

/**
 * A button that opens a dialog loaded on first use (React.lazy): the spinner shows while its
 * code arrives; `dialog` draws it with the `close` it calls when done.
 */
export function DialogButton({
  disabled,
  children,
  dialog,
}: {
  disabled?: boolean;
  children: ReactNode;
  dialog: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-outline" disabled={disabled} onClick={() => setOpen(true)}>
        {children}
      </button>
      {open && <Suspense fallback={<SpinnerOverlay show />}>{dialog(() => setOpen(false))}</Suspense>}
    </>
  );
}
