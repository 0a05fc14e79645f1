import { MessageSquare } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { DESK_CODE_MINUTES, phoneCodeSchema } from '@api/front-desk';
import { sendPhoneCode, useVerifyPhone } from '@/features/desk/api/desk-api';
import type { DeskPerson } from '@/features/desk/desk-person';
import { apiMessage } from '@/lib/api-client';
import { FormEnd, errorAttributes } from '@/features/staff/components/form-error';
import { formatPhone } from '@api/ghana-phone';

/**
 * Step two for a clinic record: the desk texts a code to the person's phone and types what they
 * read back, so the number is proved theirs (the same number later lets them claim the record
 * when they sign up). `sendAtOnce`: a person just added gets their code without another click.
 */
export function PhoneCheck({
  person,
  sendAtOnce,
  onChecked,
}: {
  person: DeskPerson;
  sendAtOnce: boolean;
  onChecked: () => void;
}) {
  const verify = useVerifyPhone();
  const ids = { code: useId(), error: useId(), title: useId() };
  const [sent, setSent] = useState('');
  const [sending, setSending] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const started = useRef(false);

  async function send() {
    setError('');
    setSending(true);
    try {
      const answer = await sendPhoneCode(person.patientId);
      setSent(
        `Code sent by SMS to ${formatPhone(answer.sentTo)}. Ask them to read it to you: it works for ${DESK_CODE_MINUTES} minutes.`,
      );
    } catch (err) {
      setError(apiMessage(err, 'The code could not be sent. Please try again.'));
    } finally {
      setSending(false);
    }
  }

  useEffect(() => {
    if (!sendAtOnce || started.current) return;
    started.current = true;
    void send();
    // Once, when the step opens for a person just added.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function check(e: FormEvent) {
    e.preventDefault();
    setError('');
    try {
      await phoneCodeSchema.validate({ code });
      await verify.mutateAsync({ patientId: person.patientId, code: code.trim() });
      onChecked();
    } catch (err) {
      setError(apiMessage(err, 'The code could not be checked. Please try again.'));
    }
  }

  return (
    <section className="staff-card" aria-labelledby={ids.title}>
      <h2 id={ids.title}>Check the phone number</h2>
      <p>
        {person.name}, {formatPhone(person.contactNumber)}. We text a code to this number; the caller reads it back to you.
      </p>
      <p role="status" className={sent ? 'staff-note' : undefined}>
        {sent}
      </p>
      <div className="form-actions">
        <button type="button" className="btn btn-outline" disabled={sending} onClick={() => void send()}>
          <MessageSquare aria-hidden="true" size={18} /> {sent ? 'Send a new code' : 'Send code'}
        </button>
      </div>
      <form className="staff-form-grid" aria-label="Check the code" noValidate onSubmit={(e) => void check(e)}>
        <div className="field">
          <label htmlFor={ids.code}>Code</label>
          <input
            id={ids.code}
            value={code}
            required
            autoCapitalize="characters"
            autoComplete="one-time-code"
            maxLength={20}
            {...errorAttributes(ids.error, error)}
            onChange={(e) => setCode(e.target.value)}
          />
        </div>
        <FormEnd errorId={ids.error} error={error} busy={verify.isPending} submit="Check code" />
      </form>
    </section>
  );
}
