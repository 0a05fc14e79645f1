import type { RequestHandler } from 'express';

/** A handler that does nothing but mark its route (the audit test reads the mark, as the access matrix reads `roles`). */
export type PatientDataMark = RequestHandler & { showsPatientData: true };

/**
 * Marks a staff route whose answer carries patient data (names, contacts, health details, a
 * patient's records): its service writes one auditLog entry per answer naming what was shown
 * (the patients' ids; for a list or search also its query, count and the records), in the same
 * transaction when the route changes something. routes/__tests__/staff-audit.test.ts walks the
 * router: an answer that shows a patient without this mark and that entry fails it.
 */
export const showsPatientData: PatientDataMark = Object.assign<RequestHandler, { showsPatientData: true }>(
  (_req, _res, next) => next(),
  { showsPatientData: true },
);
