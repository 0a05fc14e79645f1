import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { Loading } from '@/components/spinner';

/** The patient's dashboard shell; the guard and top bar arrive with patient accounts. */
export default function DashboardLayout() {
  return (
    <div className="dashboard">
      <aside className="dashboard-sidebar" aria-label="Dashboard">
        <nav>
          <NavLink to="/dashboard" end>
            Appointments
          </NavLink>
          <NavLink to="/dashboard/profile">Profile</NavLink>
          <Link to="/products">Products</Link>
        </nav>
      </aside>
      <main id="main" className="dashboard-main">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
