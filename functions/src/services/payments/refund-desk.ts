import { Timestamp } from 'firebase-admin/firestore';
import type { MarkRefundedRequest, Page, StaffRefund } from '../../api/staff';
import { type Patient, type Refund, REFUND_STATUS, type RefundStatus } from '../../api/types';
import { conflict, notFound } from '../../http/errors';
import { notifyPatient } from '../../notifications/notify';
import { refundSent } from '../../notifications/templates';
import { COLLECTIONS } from '../../store/collections';
import { plainValue } from '../../store/converter';
import { patientsById } from '../../store/patients';
import { refundDocRef, refundPage } from '../../store/payments';
import { writeAudit } from '../../store/staff';
import { runTransaction } from '../../store/transaction';
import { audit, pageShown, type Staff } from '../shared/staff-access';
import { kindOf } from './payable';

/** Refunds as staff work them: the list of what is owed, and marking one sent (docs/money.md). */

const asRefund = (id: string, d: Refund) => ({ ...d, id }) as StaffRefund;

/** Whom staff send the money back to: the name and phone on the patient's record. */
function withPatient(refund: StaffRefund, patient: Patient | undefined): StaffRefund {
  const name = `${String(patient?.firstName ?? '')} ${String(patient?.lastName ?? '')}`.trim();
  const phone = String(patient?.contactNumber ?? '');
  return { ...refund, ...(name ? { patientName: name } : {}), ...(phone ? { patientPhone: phone } : {}) };
}

/** GET /staff/refunds: one page; the entry names whose refunds were shown. */
export async function listRefunds(
  staff: Staff,
  status: RefundStatus | undefined,
  limit: number,
  cursor?: string,
): Promise<Page<StaffRefund>> {
  const page = await refundPage(status, limit, cursor, asRefund);
  const patients = await patientsById(page.items.map((r) => r.patientId));
  const items = page.items.map((r) => withPatient(r, patients.get(r.patientId)));
  const shown = pageShown({ status, cursor }, { patientIds: page.items.map((r) => r.patientId) });
  await writeAudit(audit(staff, 'refund.list', COLLECTIONS.refunds, shown));
  return { ...page, items };
}

/**
 * POST /staff/refunds/{id}/refunded: who settled it, when, how and the provider's reference; the
 * patient is told by SMS and e-mail, and the record's kind notes it (a refunded appointment
 * carries what was refunded and when, so the dashboard says "Refunded" instead of Paid; docs/money.md).
 */
export async function markRefunded(staff: Staff, id: string, sent: MarkRefundedRequest): Promise<StaffRefund> {
  const ref = refundDocRef(id);
  return runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound('We could not find that refund.');
    if (snap.get('status') === 'Refunded') throw conflict('This refund is already marked refunded.');
    const r = snap.data() as Refund;
    const onRecord = await kindOf(r.kind).refundSent(tx, r);
    const at = Timestamp.now();
    const change = {
      status: REFUND_STATUS.Refunded,
      refundedAt: at,
      refundedBy: staff.email ?? staff.uid,
      providerReference: sent.providerReference,
      method: sent.method,
    };
    tx.update(ref, change);
    onRecord.apply(at.toDate());
    await writeAudit(audit(staff, 'refund.refunded', ref.path, { patientIds: [r.patientId] }), tx);
    await notifyPatient(r.patientId, refundSent({ ...r, what: onRecord.what, ...sent, refundedAt: at.toDate() }), { tx });
    return asRefund(id, plainValue({ ...snap.data(), ...change }) as Refund);
  });
}
