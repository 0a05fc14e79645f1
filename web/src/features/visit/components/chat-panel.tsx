import { Send } from 'lucide-react';
import { Formik, Form, type FormikHelpers } from 'formik';
import { useEffect, useRef } from 'react';
import { CHAT_TEXT_MAX } from '@api/visits';
import { FormField } from '@/components/form-field';
import { OverRateCap } from '@/features/visit/rate-cap';
import type { ChatMessage } from '@/features/visit/signalling';

interface ChatPanelProps {
  messages: ChatMessage[];
  uid: string;
  /** The other side's name, for their messages. */
  peerName: string;
  onSend: (text: string) => Promise<void>;
}

const time = (at: Date | undefined) =>
  at ? at.toLocaleTimeString('en-GB', { timeZone: 'Africa/Accra', hour: '2-digit', minute: '2-digit' }) : '';

function validate({ text }: { text: string }) {
  const trimmed = text.trim();
  if (!trimmed) return { text: 'Write a message first.' };
  if (trimmed.length > CHAT_TEXT_MAX) return { text: `A message is at most ${CHAT_TEXT_MAX} characters.` };
  return {};
}

/** The call's text chat (kept with the visit): for when the sound breaks up. */
export function ChatPanel({ messages, uid, peerName, onSend }: ChatPanelProps) {
  const log = useRef<HTMLDivElement>(null);
  // The newest message in view.
  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [messages.length]);

  async function submit({ text }: { text: string }, form: FormikHelpers<{ text: string }>) {
    try {
      await onSend(text.trim());
      form.resetForm();
    } catch (err) {
      form.setFieldError(
        'text',
        err instanceof OverRateCap ? err.message : 'The message could not be sent. Check your connection and try again.',
      );
    }
  }

  return (
    <section className="visit-chat" aria-labelledby="chat-title">
      <h2 id="chat-title">Chat</h2>
      {/* The log scrolls (a keyboard reaches it to scroll); the list inside keeps list semantics. */}
      <div ref={log} className="visit-chat-log" role="log" aria-live="polite" aria-label="Messages" tabIndex={0}>
        {messages.length === 0 && <p className="visit-hint">If the sound breaks up, write here.</p>}
        <ol>
          {messages.map((m) => (
            <li key={m.id} className={m.from === uid ? 'mine' : 'theirs'}>
              <span className="visit-chat-who">
                {m.from === uid ? 'You' : peerName} <span className="visit-chat-time">{time(m.at)}</span>
              </span>
              <span className="visit-chat-text">{m.text}</span>
            </li>
          ))}
        </ol>
      </div>
      <Formik initialValues={{ text: '' }} validate={validate} validateOnBlur={false} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form className="visit-chat-form" noValidate>
            <FormField name="text" label="Message" maxLength={CHAT_TEXT_MAX} autoComplete="off" />
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              <Send aria-hidden="true" size={18} /> Send
            </button>
          </Form>
        )}
      </Formik>
    </section>
  );
}
