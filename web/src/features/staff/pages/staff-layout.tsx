import { LogOut } from 'lucide-react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router-dom';
import { usePageTitle } from '@/components/page-title';
import { Loading } from '@/components/spinner';
import { SITE } from '@/content/site';
import { PageShell } from '@/shared/page-shell/page-shell';
import { StaffSignIn } from '@/features/staff/components/staff-sign-in';
import { ROLE_LABELS, homeOf, mayOpen, sectionsFor } from '@/features/staff/nav';
import { staffSignOut, useStaffSession } from '@/features/staff/staff-session';
import { confirm, showApiError } from '@/lib/dialogs';
import staffDayCss from '../staff-day.css?inline';
import staffTablesCss from '../staff-tables.css?inline';
import staffCss from '../staff.css?inline';

/**
 * The console's own stylesheet, in its chunk: the site's one stylesheet (vite cssCodeSplit
 * false) stays the size the public pages need.
 */
const StaffStyles = () => <style>{staffCss + staffDayCss + staffTablesCss}</style>;

/** A page of the console without its sections: the sign-in, or the word that it is for staff. */
function Bare({ children }: { children: React.ReactNode }) {
  return (
    <div className="staff-bare">
      <StaffStyles />
      <header className="staff-topbar">
        <Link to="/" className="staff-brand">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>{SITE.brand}</span>
        </Link>
      </header>
      <main id="main" className="staff-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/**
 * The staff console at /staff: signed out -> the sign-in; signed in without a role (a patient)
 * -> told it is for the clinic's staff; a section the role may not open -> the first one it may.
 */
export default function StaffLayout() {
  usePageTitle('Staff console');
  const session = useStaffSession();
  const location = useLocation();
  if (session.status === 'loading')
    return (
      <Bare>
        <h1 className="visually-hidden">Staff console</h1>
        <Loading text="Loading the console…" />
      </Bare>
    );
  if (session.status === 'signed-out')
    return (
      <Bare>
        <StaffSignIn notice={session.reason} />
      </Bare>
    );
  if (session.status === 'no-role')
    return (
      <Bare>
        <div className="staff-sign-in">
          <h1>For the clinic’s staff</h1>
          <p>
            This console is for the clinic's staff. You are signed in as {session.email}, which has no staff role. Your
            appointments and profile are in <Link to="/dashboard">your dashboard</Link>.
          </p>
          <button type="button" className="btn btn-outline" onClick={() => void staffSignOut()}>
            Sign out
          </button>
        </div>
      </Bare>
    );

  const sections = sectionsFor(session.role);
  if (!mayOpen(session.role, location.pathname)) return <Navigate to={homeOf(session.role)} replace />;

  async function onSignOut() {
    if (!(await confirm('Sign out?', 'Yes, sign out'))) return;
    await staffSignOut().catch(showApiError);
  }

  return (
    <PageShell
      prefix="staff"
      menu="console menu"
      before={<StaffStyles />}
      header={
        <>
          <Link to="/staff" className="staff-brand">
            <img src="/favicon.svg" alt="" width="28" height="28" />
            <span>
              {SITE.brand}
              <span className="staff-brand-extra"> console</span>
            </span>
          </Link>
          <p className="staff-who">
            <span className="visually-hidden">Signed in as </span>
            {session.email} <span className="staff-role">{ROLE_LABELS[session.role]}</span>
          </p>
          <button type="button" className="staff-signout" onClick={() => void onSignOut()}>
            <LogOut aria-hidden="true" size={18} /> <span>Sign out</span>
          </button>
        </>
      }
      drawer={{
        as: 'nav',
        id: 'staff-nav',
        className: 'staff-nav',
        label: 'Console',
        content: (close) => (
          <ul>
            {sections.map((s) => (
              <li key={s.to}>
                <NavLink to={s.to} end={s.to === '/staff'} onClick={close}>
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        ),
      }}
    >
      <Outlet context={session} />
    </PageShell>
  );
}
