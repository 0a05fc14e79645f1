import { formatDate } from '../../api/format';
import type { Closure, ClosureRequest } from '../../api/front-desk';
import { isDay } from '../../api/scheduling';
import { badRequest, notFound } from '../../http/errors';
import { closureRef, closuresBetween } from '../../store/closures';

import { runTransaction } from '../../store/transaction';
import { affectedByClosure, flagForRebooking, rebookingShown, refuseUnlessConfirmed } from './rebooking';
import { auditAs, type Staff } from '../shared/staff-access';

/**
 * Days the clinic is closed (closures/{YYYY-MM-DD}, docs/front-desk.md): no doctor's slots and
 * no places that day (services/booking/scheduling.ts reads them), so the public slots and days show
 * none and booking or moving onto it answers 409. Ghana's public holidays are preloaded by the
 * seed (seed/ghana-holidays.ts); admins add, change and remove days.
 */

const dayParam = (day: string) => {
  if (!isDay(day)) throw badRequest('day must be a date written yyyy-MM-dd.');
  return day;
};

/** GET /staff/closures?from&to: the closed days in the range, in order. */
export async function listClosures(from: string, to: string): Promise<Closure[]> {
  return [...(await closuresBetween(from, to)).values()].sort((a, b) => a.day.localeCompare(b.day));
}

/**
 * PUT /staff/closures/{day} (admin): closes the day (or changes its reason). Booked (Pending or
 * Accepted) appointments on it answer 409 with data.affected unless confirm is true; then, in the
 * same transaction, they are marked needsRebooking and their patients told. Audited.
 */
export async function setClosure(staff: Staff, day: string, { reason, confirm }: ClosureRequest): Promise<Closure> {
  dayParam(day);
  const closure: Closure = {
    day,
    reason,
    source: 'clinic',
    updatedAt: new Date().toISOString(),
    updatedBy: staff.email ?? staff.uid,
  };
  await runTransaction(async (tx) => {
    const affected = await affectedByClosure(tx, day);
    refuseUnlessConfirmed(affected, confirm, `on ${day}`);
    tx.set(closureRef(day), closure);
    await auditAs(staff, { action: 'closure.set', target: `closures/${day}`, ...rebookingShown(affected) }, tx);
    await flagForRebooking(tx, affected, `the clinic is closed on ${formatDate(day)} (${reason})`);
  });
  return closure;
}

/** DELETE /staff/closures/{day} (admin): the day opens again; appointments marked for rebooking stay on the desk's list. Audited. */
export async function deleteClosure(staff: Staff, day: string): Promise<void> {
  dayParam(day);
  await runTransaction(async (tx) => {
    const snap = await tx.get(closureRef(day));
    if (!snap.exists) throw notFound(`The clinic is not closed on ${day}.`);
    tx.delete(closureRef(day));
    await auditAs(staff, { action: 'closure.delete', target: `closures/${day}` }, tx);
  });
}
