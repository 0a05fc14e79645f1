import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './modal.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([tabindex="-1"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

const focusablesIn = (panel: HTMLElement | null) => [...(panel?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Extra class on the panel, e.g. for a wider dialog. */
  className?: string;
}

/**
 * An accessible modal dialog: focus moves in (first field, else the close button), Tab stays
 * inside, Escape and the backdrop close it, and focus returns to what opened it.
 */
export function Modal({ open, onClose, title, children, className }: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const focusables = () => focusablesIn(panel);
    (focusables().find((el) => el.matches('input, select, textarea')) ?? focusables()[0] ?? panel)?.focus();

    const onKey = (e: KeyboardEvent) => {
      // A dialog shown above this one (SweetAlert2) owns the keyboard while it has focus.
      const active = document.activeElement;
      if (active && active !== document.body && !panel?.contains(active)) return;
      if (e.key === 'Escape') {
        e.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = focusables();
      if (items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      if (e.shiftKey && (document.activeElement === first || !panel?.contains(document.activeElement))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  // Keys typed inside a frame (the payment checkout) never reach this document, so Tab out of
  // it lands on one of these guards, which send focus back into the panel.
  const focusFirst = () => focusablesIn(panelRef.current)[0]?.focus();
  const focusLast = () => focusablesIn(panelRef.current).at(-1)?.focus();
  return createPortal(
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <span className="modal-focus-guard" tabIndex={0} onFocus={focusLast} />
      <div
        ref={panelRef}
        className={`modal-panel${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
            <X aria-hidden="true" />
          </button>
        </header>
        <div className="modal-body">{children}</div>
      </div>
      <span className="modal-focus-guard" tabIndex={0} onFocus={focusFirst} />
    </div>,
    document.body,
  );
}
