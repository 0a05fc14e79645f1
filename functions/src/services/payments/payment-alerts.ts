import type { Page } from '../../api/staff';
import type { PaymentAlert, StaffPaymentAlert } from '../../api/types';
import { conflict, notFound } from '../../http/errors';
import { COLLECTIONS } from '../../store/collections';
import { paymentAlertPage, paymentAlertRef } from '../../store/payments';
import { writeAudit } from '../../store/staff';
import { runTransaction } from '../../store/transaction';
import { audit, pageShown, type Staff } from '../shared/staff-access';

/**
 * Payments the settlement refused for staff to look at (docs/money.md 'One transaction, one
 * settlement'): a provider transaction that a second record named. The record stays unpaid;
 * staff check with the provider and the payer, and note what they found.
 */

const asAlert = (id: string, a: PaymentAlert): StaffPaymentAlert => ({ ...a, id });

/** GET /staff/payment-alerts: one page, Open first by default; the entry names whose records were shown. */
export async function listPaymentAlerts(
  staff: Staff,
  status: PaymentAlert['status'] | undefined,
  limit: number,
  cursor?: string,
): Promise<Page<StaffPaymentAlert>> {
  const page = await paymentAlertPage(status, limit, cursor, asAlert);
  const shown = pageShown({ status, cursor }, { patientIds: page.items.map((a) => a.patientId) });
  await writeAudit(audit(staff, 'payment-alert.list', COLLECTIONS.paymentAlerts, shown));
  return page;
}

/** POST /staff/payment-alerts/{id}/resolved: who looked, when, and what they found (audited with it). */
export async function resolvePaymentAlert(staff: Staff, id: string, note: string): Promise<StaffPaymentAlert> {
  const ref = paymentAlertRef(id);
  return runTransaction(async (tx) => {
    const alert = (await tx.get(ref)).data();
    if (!alert) throw notFound('We could not find that payment alert.');
    if (alert.status === 'Resolved') throw conflict(`This alert was already resolved by ${alert.resolvedBy ?? 'someone'}.`);
    const resolved = {
      status: 'Resolved' as const,
      resolvedAt: new Date().toISOString(),
      resolvedBy: staff.email ?? staff.uid,
      note,
    };
    tx.update(ref, resolved);
    await writeAudit(audit(staff, 'payment-alert.resolved', ref.path, { patientIds: [alert.patientId] }), tx);
    return { ...alert, ...resolved, id };
  });
}
