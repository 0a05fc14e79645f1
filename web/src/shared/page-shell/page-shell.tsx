import { Menu, X } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Loading } from '@/components/spinner';

interface PageShellProps {
  /** The class prefix of the area's stylesheet: `dash` (the patient's dashboard) or `staff` (the console). */
  prefix: 'dash' | 'staff';
  /** What the menu is called in its buttons' names: "Open <menu>", "Close <menu>". */
  menu: string;
  /** The drawer: an aside holding a nav (the dashboard) or the nav itself (the console). */
  drawer: { as: 'aside' | 'nav'; id: string; className: string; label: string; content: (close: () => void) => ReactNode };
  /** The top bar after the menu button: the brand link, then what the area adds (links, who is signed in). */
  header: ReactNode;
  /** The page, in the main landmark. */
  children: ReactNode;
  /** Before the skip link (a stylesheet) and after main (an overlay). */
  before?: ReactNode;
  after?: ReactNode;
}

/**
 * The signed-in areas' one page shell: skip link, top bar with the menu button, a drawer that
 * slides in on phones (focus moves into it, Escape or the backdrop closes it), and main.
 */
export function PageShell({ prefix, menu, drawer, header, children, before, after }: PageShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const drawerRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    drawerRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const close = () => setMenuOpen(false);
  const Drawer = drawer.as;
  return (
    <div className={prefix}>
      {before}
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className={`${prefix}-topbar`}>
        <button
          type="button"
          className={`${prefix}-menu-toggle`}
          aria-label={`Open ${menu}`}
          aria-expanded={menuOpen}
          aria-controls={drawer.id}
          onClick={() => setMenuOpen(true)}
        >
          <Menu aria-hidden="true" />
        </button>
        {header}
      </header>
      {menuOpen && <div className={`${prefix}-backdrop`} onClick={close} aria-hidden="true" />}
      <Drawer
        id={drawer.id}
        ref={drawerRef}
        className={`${drawer.className}${menuOpen ? ' open' : ''}`}
        aria-label={drawer.label}
      >
        <button type="button" className={`${prefix}-menu-close`} aria-label={`Close ${menu}`} onClick={close}>
          <X aria-hidden="true" />
        </button>
        {drawer.content(close)}
      </Drawer>
      <main id="main" className={`${prefix}-main`} tabIndex={-1}>
        <Suspense fallback={<Loading />}>{children}</Suspense>
      </main>
      {after}
    </div>
  );
}
