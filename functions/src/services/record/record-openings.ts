import {
  RECORD_OPENING_ACTIONS,
  RECORD_OPENINGS_PAGE_SIZE,
  type RecordOpening,
  type RecordOpeningAction,
  type RecordOpenings,
} from '../../api/record';
import type { StaffRole } from '../../api/roles';
import { badRequest } from '../../http/errors';
import { StaleCursorError } from '../../store/pages';
import { auditOfPatientPage, rosterEmails } from '../../store/staff';

/** Who an entry names when it kept no e-mail (written before it did) and its account has left the roster. */
export const FORMER_STAFF = 'A former member of staff';

/**
 * GET /patient/{patientId}/record-openings (docs/record.md 'Who reads what'): every opening of the
 * caller's record, newest first, a page at a time, from the audit log: who (the e-mail the entry
 * holds; for older entries the roster's), in which role, when, what it showed, and through which
 * appointment (none for admins and the desk, who read any record).
 */
export async function recordOpenings(patientId: string, cursor?: string): Promise<RecordOpenings> {
  let page;
  try {
    page = await auditOfPatientPage(patientId, RECORD_OPENING_ACTIONS, RECORD_OPENINGS_PAGE_SIZE, cursor);
  } catch (err) {
    if (err instanceof StaleCursorError) throw badRequest('cursor: that page is no longer there. Please reload the page.');
    throw err;
  }
  const emails = await rosterEmails([...new Set(page.items.filter((e) => !e.actorEmail).map((e) => e.actorUid))]);
  const items = page.items.map((e): RecordOpening => ({
    id: e.id,
    at: e.at,
    who: e.actorEmail ?? emails.get(e.actorUid) ?? FORMER_STAFF,
    role: e.actorRole as StaffRole,
    action: e.action as RecordOpeningAction,
    through: e.through ?? null,
  }));
  return { items, nextCursor: page.nextCursor };
}
