import type { DocumentData, Timestamp } from 'firebase-admin/firestore';
import type { CallbackOutcome, CallbackRequest } from '../../api/ussd';
import { ussdConfig } from '../../config';
import { conflict, notFound } from '../../http/errors';
import { notifyPatient, type Notice } from '../../notifications/notify';
import { findPatient } from '../../store/patients';
import { runTransaction } from '../../store/transaction';
import { callbackRef, callbacksWith } from '../../store/ussd';
import { auditAs, type Staff } from '../shared/staff-access';

/**
 * The desk's call-back queue (docs/ussd.md): people who asked the clinic to call them. Staff
 * list it and set what happened (Tried: no answer, the person gets an SMS; Done). Every look
 * and every change is audited naming the person.
 */

const iso = (t: unknown) =>
  t && typeof (t as Timestamp).toDate === 'function' ? (t as Timestamp).toDate().toISOString() : String(t ?? '');

function viewOf(id: string, d: DocumentData, name?: string): CallbackRequest {
  return {
    id,
    phone: String(d.phone),
    ...(d.patientId ? { patientId: String(d.patientId) } : {}),
    ...(name ? { name } : {}),
    reason: String(d.reason),
    channel: d.channel,
    requestedAt: iso(d.requestedAt),
    status: d.status,
    ...(d.outcome ? { outcome: String(d.outcome) } : {}),
    ...(d.by ? { by: d.by } : {}),
    ...(d.at ? { at: iso(d.at) } : {}),
  };
}

const nameOf = async (patientId: unknown) => {
  if (typeof patientId !== 'string') return undefined;
  const p = await findPatient(patientId);
  return p ? `${p.firstName} ${p.lastName}`.trim() : undefined;
};

/** GET /staff/callbacks?status=: the queue (Open by default, oldest first) with each person's name. */
export async function listCallbacks(staff: Staff, status: string): Promise<CallbackRequest[]> {
  const rows = await callbacksWith(status);
  const list = await Promise.all(rows.map(async ({ id, data }) => viewOf(id, data, await nameOf(data.patientId))));
  await auditAs(staff, {
    action: 'callbacks.list',
    target: 'callbacks',
    patientIds: list.map((c) => c.patientId ?? ''),
    count: list.length,
  });
  return list;
}

/** One segment of GSM-7 (160 with the clinic's name the SMS sender puts first), naming the code to dial. */
export function callbackTried(shortcode: string): Notice {
  const dial = shortcode ? `dial ${shortcode}` : 'dial our USSD code';
  return {
    event: 'callback.tried',
    subject: 'We tried to call you',
    paragraphs: ['We tried to call you back but could not reach you.', 'ExpMed Health'],
    sms: `We tried to call you back but could not reach you. To ask again, ${dial} and choose 5.`,
  };
}

/** POST /staff/callbacks/{id}: the outcome of a call; Tried texts the person that the clinic tried. */
export async function setCallbackOutcome(staff: Staff, id: string, input: CallbackOutcome): Promise<CallbackRequest> {
  const ref = callbackRef(id);
  const saved = await runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound('We could not find that call-back request.');
    const d = snap.data()!;
    if (d.status === 'Done') throw conflict('This call-back is already done.');
    const at = new Date();
    const change = {
      status: input.status,
      outcome: input.outcome,
      by: { uid: staff.uid, ...(staff.email ? { email: staff.email } : {}) },
      at,
    };
    tx.update(ref, change);
    await auditAs(
      staff,
      {
        action: `callback.${input.status.toLowerCase()}`,
        target: `callbacks/${id}`,
        patientIds: d.patientId ? [d.patientId] : [],
      },
      tx,
    );
    if (input.status === 'Tried' && d.patientId)
      await notifyPatient(String(d.patientId), callbackTried(ussdConfig().shortcode), {
        tx,
        channels: ['sms'],
        contact: { phone: String(d.phone) },
      });
    return { ...d, ...change, at: at.toISOString() } as DocumentData;
  });
  return viewOf(id, saved, await nameOf(saved.patientId));
}
