import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useScrollToSection } from '@/components/scroll-to-section';
import { HOME_SECTIONS, SITE } from '@/content/site';
import { useLoginMarker } from '@/lib/login-marker';
import './navbar.css';

type MenuItem = { label: string; section: string } | { label: string; to: string; cta?: boolean };

export const MENU: MenuItem[] = [
  { label: 'Home', section: HOME_SECTIONS.home },
  { label: 'About Us', section: HOME_SECTIONS.about },
  { label: 'Services', section: HOME_SECTIONS.services },
  { label: 'Packages', section: HOME_SECTIONS.packages },
  { label: 'Contact Us', to: '/contact-us' },
  { label: 'Products', to: '/products' },
  { label: 'Sign Up', to: '/signup' },
  { label: 'Book Appointment', to: '/appointment-page', cta: true },
];

/** Signed in: the menu leads back to the dashboard where it would offer Sign Up. */
const DASHBOARD_ITEM: MenuItem = { label: 'My dashboard', to: '/dashboard' };

function MenuLinks({ onSelect }: { onSelect: () => void }) {
  const scrollTo = useScrollToSection();
  const signedIn = useLoginMarker();
  const items = signedIn ? MENU.map((item) => (item.label === 'Sign Up' ? DASHBOARD_ITEM : item)) : MENU;
  return (
    <ul className="menu">
      {items.map((item) => (
        <li key={item.label}>
          {'section' in item ? (
            <a
              href={`/#${item.section}`}
              onClick={(e) => {
                e.preventDefault();
                onSelect();
                scrollTo(item.section);
              }}
            >
              {item.label}
            </a>
          ) : (
            <NavLink to={item.to} className={item.cta ? 'btn btn-primary' : undefined} onClick={onSelect}>
              {item.label}
            </NavLink>
          )}
        </li>
      ))}
    </ul>
  );
}

export function Navbar() {
  const [open, setOpen] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <nav className="navbar" aria-label="Main">
      <div className="container navbar-inner">
        <Link to="/" className="brand" aria-label={`${SITE.brand} home`}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{SITE.brand}</span>
        </Link>
        <div className="menu-desktop">
          <MenuLinks onSelect={close} />
        </div>
        <button
          className="menu-toggle"
          aria-label="Open menu"
          aria-expanded={open}
          aria-controls="side-drawer"
          onClick={() => setOpen(true)}
        >
          <Menu aria-hidden="true" />
        </button>
      </div>
      {open && <div className="drawer-backdrop" onClick={close} aria-hidden="true" />}
      <div
        id="side-drawer"
        className={`drawer${open ? ' open' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        hidden={!open}
      >
        <button ref={closeRef} className="menu-toggle drawer-close" aria-label="Close menu" onClick={close}>
          <X aria-hidden="true" />
        </button>
        <MenuLinks onSelect={close} />
      </div>
    </nav>
  );
}
