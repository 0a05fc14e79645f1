import { FieldValue } from 'firebase-admin/firestore';
import { publicSiteUrl } from '../../config';
import { MAX_RESULT_BYTES, RESULTS_PER_APPOINTMENT_MAX, RESULT_TYPES, resultName, type LabResult } from '../../api/record';
import { SERVICE_ID } from '../../api/service-catalog';
import { badRequest, conflict, forbidden, notFound, tooLarge } from '../../http/errors';
import { notifyPatient } from '../../notifications/notify';
import { resultReady } from '../../notifications/templates';
import { appointmentRef } from '../../store/appointments';
import { createFile, getFile, newFileRef, type StoredFile } from '../../store/files';

import { runTransaction } from '../../store/transaction';
import { sniff } from './prescription-file';
import { appointmentForClinic } from './record';
import { auditAs, type Staff } from '../shared/staff-access';
import { APPOINTMENT_STATUS } from '../../api/types';
import { stateInWords } from '../../api/staff';

/**
 * Result files on lab bookings (docs/record.md): staff upload the raw bytes (PDF, JPEG or
 * PNG, found by their first bytes, never by the name or the label sent), at most
 * MAX_RESULT_BYTES; the file is a document of its own and the appointment lists it under
 * `results`. The patient is told a result is ready (never what it says) and reads it
 * through the API, as its owner.
 */

const WRONG_TYPE = 'The result must be a PDF, JPEG or PNG file.';
export const RESULTS_LINK = () => `${publicSiteUrl()}/dashboard/records`;

/** States a lab booking has its sample taken in, or is done. */
const RESULT_STATES = ['CheckedIn', 'Completed'];

/** POST /staff/appointments/{appointmentId}/results?name=: the body is the file itself. */
export async function uploadResult(staff: Staff, appointmentId: string, bytes: Buffer, rawName: unknown): Promise<LabResult> {
  const before = await appointmentForClinic(staff, appointmentId);
  if (before.requestedServiceId !== SERVICE_ID.labTests) throw conflict('Results are added to lab test bookings only.');
  if (bytes.length > MAX_RESULT_BYTES)
    throw tooLarge(
      `The result file is too large: at most ${MAX_RESULT_BYTES / 1024} KB is accepted. Scan it at a lower resolution.`,
    );
  const contentType = sniff(bytes);
  if (!contentType || !(RESULT_TYPES as readonly string[]).includes(contentType)) throw badRequest(WRONG_TYPE);
  const ref = newFileRef();
  const result: LabResult = {
    fileId: ref.id,
    name: resultName(rawName),
    contentType,
    uploadedAt: new Date().toISOString(),
    by: staff.email ?? staff.uid,
  };
  return runTransaction(async (tx) => {
    const a = (await tx.get(appointmentRef(appointmentId))).data();
    if (!a || a.appointmentStatus === APPOINTMENT_STATUS.Deleted) throw notFound('We could not find that appointment.');
    if (!RESULT_STATES.includes(a.appointmentStatus))
      throw conflict(
        `This lab booking is ${stateInWords(a.appointmentStatus)}: results are added once the patient is checked in.`,
      );
    if ((a.results ?? []).length >= RESULTS_PER_APPOINTMENT_MAX)
      throw conflict(`This booking has ${RESULTS_PER_APPOINTMENT_MAX} results already: that is the most one booking holds.`);
    createFile(tx, ref, {
      patientId: a.patientId,
      appointmentId,
      name: result.name,
      contentType,
      bytes,
      sizeBytes: bytes.length,
      uploadedAt: result.uploadedAt,
      uploadedBy: result.by,
    });
    tx.update(appointmentRef(appointmentId), { results: FieldValue.arrayUnion(result) });
    await auditAs(staff, { action: 'result.upload', target: ref.path, patientIds: [a.patientId] }, tx);
    await notifyPatient(a.patientId, resultReady({ ...a, link: RESULTS_LINK() }), { tx });
    return result;
  });
}

/** GET /appointments/{appointmentId}/results/{fileId}: the owner's result file. */
export async function patientResultFile(patientId: string, appointmentId: string, fileId: string): Promise<StoredFile> {
  const a = (await appointmentRef(appointmentId).get()).data();
  if (!a || a.appointmentStatus === APPOINTMENT_STATUS.Deleted) throw notFound('We could not find that appointment.');
  if (a.patientId !== patientId) throw forbidden();
  const file = await getFile(fileId);
  if (!file || file.patientId !== patientId || file.appointmentId !== appointmentId)
    throw notFound('We could not find that result.');
  return file;
}
