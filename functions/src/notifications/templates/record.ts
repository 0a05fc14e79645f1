import { formatDate } from '../../api/format';
import type { Appointment } from '../../api/types';
import type { Notice } from '../notice';
import { appointmentWhen } from './when';

/**
 * Notices after a visit (docs/record.md): a prescription with its check code, a result that
 * is ready (never the result itself) and the reminder of a suggested follow-up. The caller
 * passes the links (made from the site's address).
 */

const SIGNATURE = 'ExpMed Health';

/** The prescription's code first in the SMS, so a cut never hides it. */
export function prescriptionIssued(p: {
  doctor: string;
  code: string;
  medicines: number;
  appointmentId: string;
  checkLink: string;
}): Notice {
  const what = p.medicines === 1 ? '1 medicine' : `${p.medicines} medicines`;
  return {
    event: 'prescription.issued',
    appointmentId: p.appointmentId,
    subject: `Your prescription from ${p.doctor}`,
    paragraphs: [
      'Hello,',
      `${p.doctor} has written you a prescription (${what}). Its code is ${p.code}.`,
      'You can download it as a PDF, or order the medicines for delivery, from Prescriptions & results in your dashboard.',
      `Any pharmacy can check that it is genuine with the code at ${p.checkLink}`,
      SIGNATURE,
    ],
    sms: `Prescription code ${p.code} from ${p.doctor} (${what}). A pharmacy can check it at ${p.checkLink}. See it in your dashboard.`,
  };
}

/** A result file was added to a lab booking: where to read it, not what it says. */
export function resultReady(
  a: Pick<Appointment, 'appointmentId' | 'requestedService' | 'requestedDay' | 'requestedTime'> & {
    link: string;
  },
): Notice {
  return {
    event: 'result.ready',
    appointmentId: a.appointmentId,
    subject: 'A lab result is ready in your dashboard',
    paragraphs: [
      'Hello,',
      `A result of your ${a.requestedService} on ${appointmentWhen(a)} is ready.`,
      `For your privacy it is not in this e-mail: sign in and open Prescriptions & results in your dashboard (${a.link}).`,
      SIGNATURE,
    ],
    sms: `A lab result is ready. Sign in to read it: ${a.link}`,
  };
}

/** Once, a few days before the follow-up the doctor suggested, with a link that books it. */
export function followUpReminder(
  a: Pick<Appointment, 'appointmentId' | 'firstName' | 'lastName' | 'requestedService'> & {
    dueDate: string;
    note: string;
    link: string;
  },
): Notice {
  return {
    event: 'reminder.follow-up',
    appointmentId: a.appointmentId,
    subject: `Time to book your follow-up: ${a.requestedService}`,
    paragraphs: [
      `Dear ${a.firstName} ${a.lastName},`,
      `At your last visit the doctor suggested a follow-up ${a.requestedService} around ${formatDate(a.dueDate)}.`,
      ...(a.note ? [`The doctor's note: ${a.note}`] : []),
      `Book it here: ${a.link}`,
      'You can turn reminders off in your profile.',
      SIGNATURE,
    ],
    sms: `Your doctor suggested a follow-up around ${formatDate(a.dueDate)}. Book it: ${a.link}`,
  };
}
