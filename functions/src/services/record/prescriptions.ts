import { randomInt } from 'node:crypto';
import { publicSiteUrl } from '../../config';
import { formatDate } from '../../api/format';
import {
  initialsOf,
  RX_CODE_ALPHABET,
  RX_CODE_LENGTH,
  type Prescription,
  type PrescriptionIssued,
  type PrescriptionItem,
} from '../../api/record';
import type { StaffPrescription } from '../../api/staff-record';
import { conflict, forbidden, notFound } from '../../http/errors';
import { notifyPatient } from '../../notifications/notify';
import { prescriptionIssued } from '../../notifications/templates';
import { appointmentRef } from '../../store/appointments';
import { doctorById } from '../../store/catalog';
import { findPatient } from '../../store/patients';
import {
  codeTaken,
  newPrescriptionRef,
  prescriptionRef,
  prescriptionsOf,
  type StoredPrescription,
} from '../../store/prescriptions';

import { dependantRef } from '../../store/subscriptions';
import { runTransaction } from '../../store/transaction';
import { textPdf, type PdfLine } from './pdf';
import { appointmentForClinic, assertAfterVisit, assertMayPrescribe, prescriptionView, staffPrescription } from './record';
import { auditAs, type Staff } from '../shared/staff-access';

/**
 * E-prescriptions (docs/record.md): written by the appointment's doctor (or an admin) at or
 * after the visit, each with a short code a pharmacy checks at /rx; the patient gets it in
 * the dashboard, as a PDF and by SMS; staff mark it dispensed once; the patient can order
 * its medicines as a Medicine Delivery booking.
 */

const NOT_FOUND = 'We could not find that prescription.';

/** RX_CODE_LENGTH characters, each drawn uniformly (crypto) from the alphabet without look-alikes. */
export const newRxCode = (): string =>
  Array.from({ length: RX_CODE_LENGTH }, () => RX_CODE_ALPHABET[randomInt(RX_CODE_ALPHABET.length)]).join('');

export const rxCheckLink = (code: string) => `${publicSiteUrl()}/rx/${code}`;

const doctorName = (otherNames?: string | null, surname?: string | null) =>
  [otherNames, surname].filter(Boolean).length ? `Dr ${[otherNames, surname].filter(Boolean).join(' ')}` : undefined;

/** The name printed as prescriber: the doctor writing it; for an admin, the appointment's doctor (else the clinic). */
async function prescriberOf(
  staff: Staff,
  a: { doctorId: string | null; doctorOtherNames: string | null; doctorSurName: string | null },
) {
  const doctorId = staff.doctorId ?? a.doctorId;
  const doctor = doctorId ? await doctorById(doctorId) : undefined;
  const name = doctor ? doctorName(doctor.otherNames, doctor.surname) : doctorName(a.doctorOtherNames, a.doctorSurName);
  return { doctorId: doctorId ?? null, doctor: name ?? 'ExpMed Health' };
}

/** The date of birth of the person seen: the family member the booking was for, else the account's own. */
async function dateOfBirthOf(a: { patientId: string; bookFor: string; dependantId?: string }): Promise<string> {
  if (a.bookFor === 'OTHERS') {
    const dependant = a.dependantId ? (await dependantRef(a.dependantId).get()).data() : undefined;
    return dependant?.patientId === a.patientId ? dependant.dateOfBirth : '';
  }
  return (await findPatient(a.patientId))?.dateOfBirth ?? '';
}

const ALREADY_TAKEN_TRIES = 5;

/**
 * POST /staff/appointments/{appointmentId}/prescriptions: one transaction checks the
 * appointment again, draws a code no other prescription holds (read in the transaction, so
 * of two that drew the same one only one commits), stores the prescription, writes the
 * audit entry and queues the patient's SMS and e-mail with the code.
 */
export async function issuePrescription(
  staff: Staff,
  appointmentId: string,
  items: PrescriptionItem[],
): Promise<PrescriptionIssued> {
  const before = await appointmentForClinic(staff, appointmentId);
  assertMayPrescribe(staff, before);
  assertAfterVisit(before);
  const [prescriber, dateOfBirth] = await Promise.all([prescriberOf(staff, before), dateOfBirthOf(before)]);
  const ref = newPrescriptionRef();
  return runTransaction(async (tx) => {
    const a = (await tx.get(appointmentRef(appointmentId))).data();
    if (!a) throw notFound('We could not find that appointment.');
    assertMayPrescribe(staff, a);
    assertAfterVisit(a);
    let code = newRxCode();
    for (let tries = 1; await codeTaken(tx, code); tries++) {
      if (tries >= ALREADY_TAKEN_TRIES) throw new Error('could not draw a free prescription code');
      code = newRxCode();
    }
    const patientName = `${a.firstName} ${a.lastName}`.trim();
    const stored: StoredPrescription = {
      prescriptionId: ref.id,
      appointmentId,
      patientId: a.patientId,
      ...prescriber,
      prescribedBy: { uid: staff.uid, role: staff.role },
      items: items.map(({ notes, ...item }) => (notes ? { ...item, notes } : item)),
      code,
      status: 'Issued',
      issuedAt: new Date().toISOString(),
      patientName,
      patientInitials: initialsOf(patientName),
      patientDateOfBirth: dateOfBirth,
    };
    tx.create(ref, stored);
    await auditAs(staff, { action: 'prescription.issue', target: ref.path, patientIds: [a.patientId] }, tx);
    await notifyPatient(
      a.patientId,
      prescriptionIssued({
        doctor: prescriber.doctor,
        code,
        medicines: items.length,
        appointmentId,
        checkLink: rxCheckLink(code),
      }),
      { tx },
    );
    return { prescriptionId: ref.id, code };
  });
}

/** GET /prescriptions/{patientId}: the caller's own, newest first. */
export const patientPrescriptions = async (patientId: string): Promise<Prescription[]> =>
  (await prescriptionsOf(patientId)).map(prescriptionView);

async function ownPrescription(patientId: string, prescriptionId: string): Promise<StoredPrescription> {
  const p = (await prescriptionRef(prescriptionId).get()).data();
  if (!p) throw notFound(NOT_FOUND);
  if (p.patientId !== patientId) throw forbidden();
  return p;
}

/** The PDF's lines: the clinic, the patient, the prescriber, each medicine, and where to check the code. */
export function prescriptionLines(p: StoredPrescription): PdfLine[] {
  const born = p.patientDateOfBirth ? `   Date of birth: ${formatDate(p.patientDateOfBirth, { weekday: false })}` : '';
  return [
    { text: 'ExpMed Health', size: 18, bold: true },
    { text: 'Prescription', size: 14, bold: true, gap: 4 },
    { text: `Code: ${p.code}     Issued: ${formatDate(p.issuedAt, { time: true })} (Ghana time)`, gap: 10 },
    { text: `Patient: ${p.patientName}${born}` },
    { text: `Prescriber: ${p.doctor}` },
    { text: `Status: ${p.status}${p.dispensedAt ? ` on ${formatDate(p.dispensedAt, { time: true })}` : ''}` },
    ...p.items.flatMap((item, i): PdfLine[] => [
      { text: `${i + 1}. ${item.medicine} ${item.strength}`, bold: true, size: 12, gap: 12 },
      { text: `${item.dose}, ${item.frequency}, for ${item.duration}. Quantity: ${item.quantity}`, indent: 16 },
      ...(item.notes ? [{ text: `Notes: ${item.notes}`, indent: 16 }] : []),
    ]),
    {
      text: `A pharmacy can check that this prescription is genuine and not yet dispensed at ${rxCheckLink(p.code)}`,
      size: 10,
      gap: 18,
    },
  ];
}

/** GET /prescriptions/{patientId}/{prescriptionId}/pdf: the owner's prescription as a PDF made here. */
export async function prescriptionPdf(patientId: string, prescriptionId: string): Promise<{ fileName: string; pdf: Buffer }> {
  const p = await ownPrescription(patientId, prescriptionId);
  return { fileName: `prescription-${p.code}.pdf`, pdf: textPdf(`Prescription ${p.code}`, prescriptionLines(p)) };
}

/** POST /staff/prescriptions/{id}/dispensed: Issued -> Dispensed, once (409 after, naming when). */
export async function markDispensed(staff: Staff, prescriptionId: string): Promise<StaffPrescription> {
  const ref = prescriptionRef(prescriptionId);
  return runTransaction(async (tx) => {
    const p = (await tx.get(ref)).data();
    if (!p) throw notFound(NOT_FOUND);
    if (p.status === 'Dispensed')
      throw conflict(`This prescription was already dispensed on ${formatDate(p.dispensedAt, { time: true })}.`);
    if (p.status !== 'Issued') throw conflict(`This prescription is ${p.status}: it cannot be dispensed.`);
    const change = { status: 'Dispensed' as const, dispensedAt: new Date().toISOString(), dispensedBy: staff.email ?? staff.uid };
    tx.update(ref, { ...change, dispensedAt: new Date(change.dispensedAt) });
    await auditAs(staff, { action: 'prescription.dispensed', target: ref.path, patientIds: [p.patientId] }, tx);
    return staffPrescription({ ...p, ...change });
  });
}
