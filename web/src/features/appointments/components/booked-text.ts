import type { Appointment } from '@/features/appointments/api/appointments';

/**
 * The success dialog's text after booking: what the package covered (the server's note), or
 * the usual. A module of its own: the booking page shows it without the form's code.
 */
export const bookedText = (a: Appointment, usual: string) => (a.coverage ? `${a.coverage.note} ${usual}` : usual);
