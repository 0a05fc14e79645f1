import { Link } from 'react-router-dom';
import { APPOINTMENT_STATES } from '@api/staff';
import { formatGhs } from '@api/format';
import { usePageTitle } from '@/components/page-title';
import { useOverview } from '@/features/staff/api/staff-api';
import { BarChart } from '@/features/staff/components/bar-chart';
import { ListState, PageHeader } from '@/features/staff/components/list-parts';
import { longDay, shortDay } from '@/features/staff/days';
import { stateName } from '@/features/staff/lifecycle';

/** The console's first page: today at a glance, then bookings per day and paid revenue per week. */
export default function OverviewPage() {
  usePageTitle('Console overview');
  const overview = useOverview();
  const o = overview.data;

  return (
    <div className="staff-page">
      <PageHeader title="Overview" />
      <ListState
        loading={overview.isPending}
        error={overview.error}
        empty=""
        isEmpty={false}
        onRetry={() => void overview.refetch()}
      >
        {o && (
          <>
            <h2 className="staff-subtitle">Today, {longDay(o.today)}</h2>
            <ul className="staff-figures">
              {APPOINTMENT_STATES.filter((s) => o.todayCounts[s]).map((s) => (
                <li key={s}>
                  <Link to={`/staff/appointments?day=${o.today}&status=${s}`}>
                    <strong>{o.todayCounts[s]}</strong> <span>{stateName(s)}</span>
                  </Link>
                </li>
              ))}
              {!APPOINTMENT_STATES.some((s) => o.todayCounts[s]) && (
                <li>
                  <Link to="/staff/appointments">
                    <strong>0</strong> <span>appointments today</span>
                  </Link>
                </li>
              )}
              <li>
                <Link to="/staff/inbox">
                  <strong>{o.openEnquiries}</strong> <span>open enquiries</span>
                </Link>
              </li>
              <li>
                <Link to="/staff/orders?show=to-dispatch">
                  <strong>{o.ordersToDispatch}</strong> <span>orders to dispatch</span>
                </Link>
              </li>
              <li>
                <Link to="/staff/refunds">
                  <strong>{o.refundsDue}</strong> <span>refunds due</span>
                </Link>
              </li>
            </ul>
            <div className="staff-charts">
              <BarChart
                title="Bookings per day, 14 days back and 14 ahead"
                valueLabel="Bookings"
                points={o.bookingsPerDay.map((d) => ({
                  label: shortDay(d.day),
                  value: d.count,
                  highlight: d.day === o.today,
                }))}
              />
              <BarChart
                title="Paid revenue per week (GHS, weeks from Monday)"
                valueLabel="Revenue"
                format={(n) => formatGhs(n)}
                tickFormat={(n) => String(Math.round(n))}
                points={o.revenuePerWeek.map((w) => ({ label: shortDay(w.weekStart), value: w.amount }))}
              />
            </div>
          </>
        )}
      </ListState>
    </div>
  );
}
