import type { Appointment } from '@api/types';
import { api } from '@/lib/api-client';
import { askText } from '@/lib/text-dialog';

/**
 * Completing a visit: the console's appointment page and the doctor's call screen (the
 * visit page) ask the same question and send the same request, so both import it from here.
 */

type Described = Pick<Appointment, 'firstName' | 'lastName' | 'requestedService' | 'requestedDay'>;

/** 'Ama Mensah, Virtual Consultation on 2026-03-12': who and what a staff question is about. */
export const appointmentLine = (a: Described) => `${a.firstName} ${a.lastName}, ${a.requestedService} on ${a.requestedDay}`;

/** The Complete visit dialog: the summary the patient reads, or undefined when the doctor steps back. */
export const askVisitSummary = (a: Described) =>
  askText({
    title: 'Complete visit',
    label: 'Visit summary',
    text: `${appointmentLine(a)}. A short summary the patient reads in their dashboard.`,
    confirmButtonText: 'Complete',
    multiline: true,
    maxLength: 2000,
  });

/** POST /staff/appointments/{id}/complete: the appointment as stored after it (Completed; a visit room closes). */
export const completeAppointment = (appointmentId: string, visitSummary: string) =>
  api.post<Appointment>(`/staff/appointments/${encodeURIComponent(appointmentId)}/complete`, { visitSummary }, { auth: true });
