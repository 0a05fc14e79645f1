import { todayInGhana } from '../../api/booking-request';
import { APPOINTMENT_STATES, type StaffOverview } from '../../api/staff';
import { appointmentCounts, bookingsPerDay } from '../../store/appointments';
import { COLLECTIONS } from '../../store/collections';
import { countOrdersToDispatch } from '../../store/orders';
import { countWhere } from '../../store/pages';
import { paidBetween } from '../../store/payments';
import { scopedFilter } from '../booking/staff-appointments';
import type { Staff } from '../shared/staff-access';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const cedis = (sum: number) => Math.round(sum * 100) / 100;

/**
 * GET /staff/overview. A doctor sees their own bookings (and visits assigned to them), a nurse
 * her assigned visits, and neither the clinic's money or inbox.
 */
export async function overview(staff: Staff, now = new Date()): Promise<StaffOverview> {
  const today = todayInGhana(now);
  const scope = scopedFilter(staff, {});
  const clinic = staff.role === 'admin' || staff.role === 'staff';
  const midnight = Date.parse(`${today}T00:00:00Z`);
  const days = Array.from({ length: 29 }, (_, i) => dayOf(midnight + (i - 14) * DAY_MS));
  // ISO weeks start on Monday: the current week's Monday, then 7 weeks back.
  const monday = midnight - ((new Date(midnight).getUTCDay() + 6) % 7) * DAY_MS;
  const weeks = Array.from({ length: 8 }, (_, i) => monday - (7 - i) * 7 * DAY_MS);
  // Each week's total, and the part that came by direct debit (package renewals, docs/direct-debit.md).
  const weekRevenue = (w: number) =>
    Promise.all([
      paidBetween(new Date(w), new Date(w + 7 * DAY_MS)),
      paidBetween(new Date(w), new Date(w + 7 * DAY_MS), 'direct-debit'),
    ]);
  const [todayCounts, perDay, revenue, openEnquiries, refundsDue, ordersToDispatch] = await Promise.all([
    appointmentCounts({ ...scope, day: today }, APPOINTMENT_STATES),
    bookingsPerDay(days, scope),
    clinic ? Promise.all(weeks.map(weekRevenue)) : Promise.resolve([]),
    clinic ? countWhere(COLLECTIONS.enquiries, 'status', 'Pending') : 0,
    clinic ? countWhere(COLLECTIONS.refunds, 'status', 'Due') : 0,
    // Only what can go out: Paid and not yet dispatched (the same query as the list's toDispatch).
    clinic ? countOrdersToDispatch() : 0,
  ]);
  return {
    today,
    todayCounts,
    bookingsPerDay: days.map((day, i) => ({ day, count: perDay[i] })),
    revenuePerWeek: revenue.map(([amount, directDebit], i) => ({
      weekStart: dayOf(weeks[i]),
      amount: cedis(amount),
      directDebit: cedis(directDebit),
    })),
    openEnquiries,
    refundsDue,
    ordersToDispatch,
  };
}
