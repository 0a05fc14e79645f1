import { useState } from 'react';
import type { AffectedAnswer, AffectedAppointment } from '@api/front-desk';
import { Modal } from '@/components/modal';
import { longDay } from '@/features/staff/days';
import { ApiError } from '@/lib/api-client';

/** The booked appointments a 409 lists (a closure or time off over them), or undefined for any other failure. */
export function affectedOf(err: unknown): AffectedAppointment[] | undefined {
  if (!(err instanceof ApiError) || err.status !== 409) return undefined;
  const affected = (err.data as Partial<AffectedAnswer> | null)?.affected;
  return Array.isArray(affected) ? affected : undefined;
}

interface Question {
  what: string;
  affected: AffectedAppointment[];
  resolve: (go: boolean) => void;
}

function AffectedDialog({ question: q, onAnswer }: { question: Question; onAnswer: (go: boolean) => void }) {
  const n = q.affected.length;
  return (
    <Modal open onClose={() => onAnswer(false)} title={`${n} booked appointment${n === 1 ? '' : 's'} in the way`}>
      <p>
        {q.what} covers {n === 1 ? 'this booked appointment' : `these ${n} booked appointments`}. If you go on,{' '}
        {n === 1 ? 'it moves' : 'they move'} to Needs rebooking and each patient is told; a paid one keeps its payment for the new
        time, or is refunded if cancelled.
      </p>
      <ul className="staff-affected">
        {q.affected.map((a) => (
          <li key={a.appointmentId}>
            {longDay(a.requestedDay)}
            {a.requestedTime ? ` ${a.requestedTime}` : ''} · {a.patientName} · {a.requestedService} ·{' '}
            {a.paid ? 'Paid' : 'Not paid'}
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <button type="button" className="btn btn-primary" onClick={() => onAnswer(true)}>
          Save and move them to Needs rebooking
        </button>
        <button type="button" className="btn btn-outline" onClick={() => onAnswer(false)}>
          Go back
        </button>
      </div>
    </Modal>
  );
}

/**
 * Asks before a closure or time off is saved over booked appointments: `ask` shows the server's
 * list and resolves true when the person goes on (the page then saves again with confirm: true).
 * Render `element` in the page.
 */
export function useConfirmAffected() {
  const [question, setQuestion] = useState<Question>();
  const ask = (what: string, affected: AffectedAppointment[]) =>
    new Promise<boolean>((resolve) => setQuestion({ what, affected, resolve }));
  const element = question ? (
    <AffectedDialog
      question={question}
      onAnswer={(go) => {
        setQuestion(undefined);
        question.resolve(go);
      }}
    />
  ) : null;
  return { ask, element };
}
