import { Timestamp } from 'firebase-admin/firestore';
import { todayInGhana } from '../../api/booking-request';
import { followUpDay, followUpRemindAt, hasNotes, type ClinicalNotes, type FollowUpRequest } from '../../api/record';
import { badRequest } from '../../http/errors';
import type { Staff } from '../shared/staff-access';

/**
 * What `complete` records besides the patient's summary (docs/record.md): the structured
 * notes (staff side only) and a suggested follow-up, whose reminder the reminders job sends
 * once (notifications/follow-ups.ts, on `followUp.remindAt`).
 */
export function visitRecord(
  staff: Staff,
  input: { clinicalNotes?: ClinicalNotes; followUp?: FollowUpRequest },
  now = new Date(),
): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  if (hasNotes(input.clinicalNotes)) record.clinicalNotes = input.clinicalNotes;
  if (input.followUp) {
    const dueDate = followUpDay(input.followUp, todayInGhana(now));
    if (!dueDate) throw badRequest('Follow-up day must be after today and within a year.');
    record.followUp = {
      dueDate,
      note: input.followUp.note ?? '',
      remindAt: Timestamp.fromDate(followUpRemindAt(dueDate, now)),
      suggestedBy: staff.email ?? staff.uid,
    };
  }
  return record;
}
