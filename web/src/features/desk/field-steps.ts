/**
 * The checks a clinician meets before a step of a visit is sent (docs/front-desk.md): said in
 * the console before anything is typed or anyone is told, by the same rules the server applies
 * (@api/policy completableFrom, onVisitDay).
 */
import { formatDate } from '@api/format';
import { tooEarlyToComplete, tooEarlyToSetOff } from '@api/messages';
import { completableFrom, onVisitDay } from '@api/policy';
import type { StaffAppointment } from '@/features/staff/api/appointment-api';
import { todayInGhana } from '@/features/staff/days';
import { windowText } from '@/features/staff/visits';
import { confirm, showInfo } from '@/lib/dialogs';

/** Whether it is too early to complete the visit, said before the summary is asked for. */
export async function saidTooEarly(a: Pick<StaffAppointment, 'requestedDay' | 'requestedTime'>): Promise<boolean> {
  const from = completableFrom(a);
  if (Date.now() >= from.getTime()) return false;
  await showInfo(tooEarlyToComplete(formatDate(from, { time: true })), 'Not yet');
  return true;
}

/** 'On the way': only on the visit's day, and only once the clinician says yes (the patient is texted at once). */
export async function readyToSetOff(a: StaffAppointment): Promise<boolean> {
  if (!onVisitDay(a, todayInGhana())) {
    await showInfo(tooEarlyToSetOff(formatDate(a.requestedDay)), 'Not yet');
    return false;
  }
  const window = windowText(a.arrivalWindow);
  return confirm(
    'On your way?',
    "Yes, I'm on my way",
    `${a.firstName} ${a.lastName} gets an SMS now that you are on the way for today's visit${window ? `, arriving ${window}` : ''}.`,
    'Go back',
  );
}
