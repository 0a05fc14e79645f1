import { Mail, MessageSquare } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { DESK_CODE_MINUTES, phoneCodeSchema, type DeskCodeChannel } from '@api/front-desk';
import { sendDeskCode, useVerifyDeskCode } from '@/features/desk/api/patients-api';
import type { DeskPerson } from '@/features/desk/desk-person';
import { apiMessage } from '@/lib/api-client';
import { FormEnd, errorAttributes } from '@/features/staff/components/form-error';
import { formatPhone } from '@api/ghana-phone';

/** What the desk checks on each channel, and the words for it. */
const CHANNELS = {
  phone: {
    title: 'Check the phone number',
    of: (p: DeskPerson) => p.contactNumber,
    how: 'We text a code to this number; the caller reads it back to you.',
    sentBy: 'by SMS',
    shown: formatPhone,
    Icon: MessageSquare,
  },
  email: {
    title: 'Check the e-mail address',
    of: (p: DeskPerson) => p.emailAddress,
    how: 'Nothing is e-mailed to this address until it is checked: we e-mail a code to it; the person reads it back to you.',
    sentBy: 'by e-mail',
    shown: (to: string) => to,
    Icon: Mail,
  },
} as const satisfies Record<DeskCodeChannel, object>;

/**
 * A clinic record's phone (step two of a booking) or typed e-mail address (on the patient page):
 * the desk sends a code to it and types what the person reads back, so the address is proved
 * theirs (a proved number later lets them claim the record when they sign up; a proved address
 * gets the clinic's e-mails). `sendAtOnce`: a person just added gets their code without another click.
 */
export function CodeCheck({
  channel,
  person,
  sendAtOnce,
  onChecked,
}: {
  channel: DeskCodeChannel;
  person: DeskPerson;
  sendAtOnce: boolean;
  onChecked: () => void;
}) {
  const words = CHANNELS[channel];
  const verify = useVerifyDeskCode(channel);
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
      const answer = await sendDeskCode(person.patientId, channel);
      setSent(
        `Code sent ${words.sentBy} to ${words.shown(answer.sentTo)}. Ask them to read it to you: it works for ${DESK_CODE_MINUTES} minutes.`,
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
      <h2 id={ids.title}>{words.title}</h2>
      <p>
        {person.name}, {words.shown(words.of(person))}. {words.how}
      </p>
      <p role="status" className={sent ? 'staff-note' : undefined}>
        {sent}
      </p>
      <div className="form-actions">
        <button type="button" className="btn btn-outline" disabled={sending} onClick={() => void send()}>
          <words.Icon aria-hidden="true" size={18} /> {sent ? 'Send a new code' : 'Send code'}
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
