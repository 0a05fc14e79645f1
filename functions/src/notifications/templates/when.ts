import { formatDate } from '../../api/format';
import type { Appointment } from '../../api/types';

/** An appointment's day and time as people read them, in Ghana time (Africa/Accra, GMT all year). */
export const appointmentWhen = (a: Pick<Appointment, 'requestedDay' | 'requestedTime'>): string =>
  `${formatDate(a.requestedDay)}${a.requestedTime ? ` at ${a.requestedTime}` : ''}`;

/** The same, short, for an SMS: '27 Nov 2026 09:30'. */
export const appointmentWhenShort = (a: Pick<Appointment, 'requestedDay' | 'requestedTime'>): string =>
  `${formatDate(`${a.requestedDay} ${a.requestedTime ?? '00:00'}`, { time: true }).split(',')[0]}${a.requestedTime ? ` ${a.requestedTime}` : ''}`;
