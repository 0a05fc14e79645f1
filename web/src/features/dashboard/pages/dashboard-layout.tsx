import { CalendarDays, ClipboardList, Home, LogOut, ShoppingBag, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { formatDate } from '@api/format';
import { Loading, SpinnerOverlay } from '@/components/spinner';
import { SITE } from '@/content/site';
import { PageShell } from '@/shared/page-shell/page-shell';
import type { Patient } from '@/shared/patient/patient';
import { isActivated, logout, useSession } from '@/shared/session/session';
import { initialsOf } from '@/features/dashboard/format';
import { confirm, showApiError } from '@/lib/dialogs';
import '../dashboard.css';
import '../dashboard-views.css';

function PatientCard({ patient }: { patient: Patient }) {
  return (
    <div className="dash-patient">
      {patient.patientPicture ? (
        <img className="dash-avatar" src={patient.patientPicture} alt="" width={56} height={56} />
      ) : (
        <span className="dash-avatar" aria-hidden="true">
          {initialsOf(patient.firstName, patient.lastName)}
        </span>
      )}
      <div>
        <p className="dash-name">
          {patient.firstName} {patient.lastName}
        </p>
        <p className="dash-email">{patient.emailAddress}</p>
        <p className="dash-last-login">Last login: {formatDate(patient.lastLogIn, { time: true })}</p>
      </div>
    </div>
  );
}

/**
 * The patient's dashboard shell. Guarded: nobody signed in -> /signup, a Pending account ->
 * the account check; both keep returnUrl so the patient comes back here.
 */
export default function DashboardLayout() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  const here = encodeURIComponent(location.pathname + location.search);
  if (leaving && session.status === 'signed-out') return <Navigate to="/signup" replace />;
  if (session.status === 'loading' || (session.status === 'signed-in' && session.patient === undefined)) {
    return <Loading text="Loading your dashboard…" />;
  }
  if (session.status === 'signed-out' || !session.patient) return <Navigate to={`/signup?returnUrl=${here}`} replace />;
  if (!isActivated(session)) return <Navigate to={`/auth?returnUrl=${here}`} replace />;
  const { patient } = session;

  async function onLogout() {
    if (!(await confirm('Logout ?', 'Yes!'))) return;
    setLeaving(true);
    try {
      await logout();
      navigate('/signup', { replace: true });
    } catch (err) {
      setLeaving(false);
      await showApiError(err);
    }
  }

  return (
    <PageShell
      prefix="dash"
      menu="dashboard menu"
      header={
        <>
          {/* On phones only the logo shows, so the link is named for itself. */}
          <Link to="/" className="dash-brand" aria-label={`${SITE.brand} home`}>
            <img src="/favicon.svg" alt="" width="28" height="28" />
            <span>{SITE.brand}</span>
          </Link>
          <nav className="dash-top-links" aria-label="Account">
            <Link to="/" className="dash-top-link">
              <Home aria-hidden="true" /> <span>Home</span>
            </Link>
            <button type="button" className="dash-top-link" onClick={onLogout}>
              <LogOut aria-hidden="true" /> <span>Logout</span>
            </button>
          </nav>
        </>
      }
      drawer={{
        as: 'aside',
        id: 'dashboard-sidebar',
        className: 'dash-sidebar',
        label: 'Dashboard',
        content: (closeMenu) => (
          <>
            <Link to="/" className="dash-sidebar-brand">
              <img src="/favicon.svg" alt="" width="28" height="28" />
              <span>{SITE.brand}</span>
            </Link>
            <PatientCard patient={patient} />
            <nav className="dash-nav" aria-label="Dashboard sections">
              <NavLink to="/dashboard" end onClick={closeMenu}>
                <CalendarDays aria-hidden="true" /> Appointments
              </NavLink>
              <NavLink to="/dashboard/records" onClick={closeMenu}>
                <ClipboardList aria-hidden="true" /> Prescriptions &amp; results
              </NavLink>
              <NavLink to="/dashboard/profile" onClick={closeMenu}>
                <UserRound aria-hidden="true" /> Profile
              </NavLink>
              <Link to="/products" onClick={closeMenu}>
                <ShoppingBag aria-hidden="true" /> Products
              </Link>
            </nav>
          </>
        ),
      }}
      after={<SpinnerOverlay show={leaving} />}
    >
      <Outlet />
    </PageShell>
  );
}
