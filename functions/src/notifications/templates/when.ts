import { formatWhen } from '../../api/format';
import type { Appointment } from '../../api/types';

/** An appointment's day and time as people read them, in Ghana time: 'Fri 27 Nov 2026, 10:30' (api/format.ts). */
export const appointmentWhen = (a: Pick<Appointment, 'requestedDay' | 'requestedTime'>): string =>
  formatWhen(a.requestedDay, a.requestedTime);

/** The same in an SMS: one date style for people, mails and SMS alike (it is GSM-7). */
export const appointmentWhenShort = appointmentWhen;
