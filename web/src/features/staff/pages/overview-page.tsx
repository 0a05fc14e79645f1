import { Link } from 'react-router-dom';
import { APPOINTMENT_STATES, type StaffOverview } from '@api/staff';
import { formatGhs } from '@api/format';
import { usePageTitle } from '@/components/page-title';
import { useOverview } from '@/features/staff/api/overview-api';
import { BarChart } from '@/features/staff/components/bar-chart';
import { Loaded, PageHeader } from '@/features/staff/components/list-parts';
import { longDay, shortDay } from '@/features/staff/days';
import { stateName } from '@/features/staff/lifecycle';

/** One figure of the day, linking to the list it counts. */
function Figure({ to, count, label }: { to: string; count: number | undefined; label: string }) {
  return (
    <li>
      <Link to={to}>
        <strong>{count}</strong> <span>{label}</span>
      </Link>
    </li>
  );
}

/** Of the revenue, what direct debit charged (package renewals, docs/direct-debit.md): its own method. */
function DirectDebitPart({ weeks }: { weeks: StaffOverview['revenuePerWeek'] }) {
  const thisWeek = weeks[weeks.length - 1];
  const sum = (pick: (w: (typeof weeks)[number]) => number) => weeks.reduce((total, w) => total + pick(w), 0);
  return (
    <p className="staff-note">
      By direct debit (package renewals): {formatGhs(thisWeek.directDebit)} of {formatGhs(thisWeek.amount)} this week,{' '}
      {formatGhs(sum((w) => w.directDebit))} of {formatGhs(sum((w) => w.amount))} in these {weeks.length} weeks.
    </p>
  );
}

/** The console's first page: today at a glance, then bookings per day and paid revenue per week. */
export default function OverviewPage() {
  usePageTitle('Console overview');
  const overview = useOverview();

  return (
    <div className="staff-page">
      <PageHeader title="Overview" />
      <Loaded query={overview}>
        {(o) => (
          <>
            <h2 className="staff-subtitle">Today, {longDay(o.today)}</h2>
            <ul className="staff-figures">
              {APPOINTMENT_STATES.filter((s) => o.todayCounts[s]).map((s) => (
                <Figure
                  key={s}
                  to={`/staff/appointments?day=${o.today}&status=${s}`}
                  count={o.todayCounts[s]}
                  label={stateName(s)}
                />
              ))}
              {!APPOINTMENT_STATES.some((s) => o.todayCounts[s]) && (
                <Figure to="/staff/appointments" count={0} label="appointments today" />
              )}
              <Figure to="/staff/inbox" count={o.openEnquiries} label="open enquiries" />
              <Figure to="/staff/orders?show=to-dispatch" count={o.ordersToDispatch} label="orders to dispatch" />
              <Figure to="/staff/refunds" count={o.refundsDue} label="refunds due" />
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
            {o.revenuePerWeek.length > 0 && <DirectDebitPart weeks={o.revenuePerWeek} />}
          </>
        )}
      </Loaded>
    </div>
  );
}
