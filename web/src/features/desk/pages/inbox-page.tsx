import { Download, Reply, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { formatDate } from '@api/format';
import type { MessageStatus } from '@api/front-desk';
import type { EnquiryStatus } from '@api/staff';
import {
  downloadNewsletterCsv,
  useEnquiries,
  useMessages,
  useSetEnquiryStatus,
  type ContactMessage,
  type StaffEnquiry,
} from '@/features/desk/api/inbox-api';
import { itemsOf } from '@/features/staff/api/console-query';
import { useReplyToMessage, useSetMessageStatus } from '@/features/desk/api/inbox-api';
import { apiMessage } from '@/lib/api-client';
import { PagedCards, StateBadge, StatusChips, StaffPage } from '@/features/staff/components/list-parts';
import { showApiError } from '@/lib/dialogs';
import { useBusy } from '@/lib/use-busy';
import { FormEnd, errorAttributes } from '@/features/staff/components/form-error';

const ENQUIRY_STATUSES: EnquiryStatus[] = ['Pending', 'Contacted', 'Closed'];

function EnquiryItem({ enquiry: e }: { enquiry: StaffEnquiry }) {
  const setStatus = useSetEnquiryStatus();
  const selectId = useId();
  const change = (status: EnquiryStatus) =>
    setStatus.mutateAsync({ recordId: e.id, status }).catch((err: unknown) => showApiError(err));
  return (
    <li className="staff-card">
      <div className="staff-card-head">
        <h3>{e.organiztionName}</h3>
        <StateBadge state={e.status} />
      </div>
      <p>
        {e.organiztionType} · {e.organiztionLocation} · received {formatDate(e.timeOfRequest, { time: true })}
      </p>
      <p>
        {e.nameOfPerson} · <a href={`tel:${e.organiztionContact}`}>{e.organiztionContact}</a> ·{' '}
        <a href={`mailto:${e.organiztionEmail}`}>{e.organiztionEmail}</a>
      </p>
      {e.updateBy && (
        <p className="staff-muted">
          Last set by {e.updateBy} on {formatDate(e.updatedOn, { time: true })}
        </p>
      )}
      <div className="field staff-inline-field">
        <label htmlFor={selectId}>Status</label>
        <select
          id={selectId}
          value={e.status}
          disabled={setStatus.isPending}
          onChange={(ev) => void change(ev.target.value as EnquiryStatus)}
        >
          {ENQUIRY_STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </div>
    </li>
  );
}

function Enquiries() {
  const [status, setStatus] = useState<EnquiryStatus | undefined>('Pending');
  const list = useEnquiries(status);
  const items = itemsOf(list.data);
  return (
    <section className="staff-section" aria-labelledby="enquiries-title">
      <h2 id="enquiries-title">Enquiries</h2>
      <StatusChips label="Enquiry status" options={[undefined, ...ENQUIRY_STATUSES]} value={status} onChange={setStatus} />
      <PagedCards query={list} items={items} empty="No enquiries here.">
        {(e) => <EnquiryItem key={e.id} enquiry={e} />}
      </PagedCards>
    </section>
  );
}

const MESSAGE_STATUS_CHOICES: MessageStatus[] = ['New', 'Replied', 'Closed'];

/** A contact message: who wrote, what, its status, the replies mailed so far and a box to reply. */
function MessageItem({ message: m }: { message: ContactMessage }) {
  const setStatus = useSetMessageStatus();
  const reply = useReplyToMessage();
  const ids = { status: useId(), reply: useId(), error: useId() };
  const [writing, setWriting] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [sent, setSent] = useState('');

  async function send(e: FormEvent) {
    e.preventDefault();
    setError('');
    setSent('');
    if (!text.trim()) return setError('Reply: write the answer to send.');
    // The request's own rule (its length), loaded with the first reply so the inbox opens without yup.
    const { messageReplySchema } = await import('@api/front-desk');
    const invalid = await messageReplySchema.validate({ text }).then(
      () => undefined,
      (err: Error) => err.message,
    );
    if (invalid) return setError(invalid);
    try {
      await reply.mutateAsync({ messageId: m.docid, text: text.trim() });
      setText('');
      setWriting(false);
      setSent(`Reply mailed to ${m.email}.`);
    } catch (err) {
      setError(apiMessage(err, 'The reply could not be sent. Please try again.'));
    }
  }

  return (
    <li className="staff-card" aria-label={`Message from ${m.fullName}`}>
      <div className="staff-card-head">
        <h3>{m.fullName}</h3>
        <span className="staff-list-badges">
          <StateBadge state={m.status ?? 'New'} />
          <span className="staff-muted">{formatDate(m.date, { time: true })}</span>
        </span>
      </div>
      <p>
        <a href={`tel:${m.telephone}`}>{m.telephone}</a> · <a href={`mailto:${m.email}`}>{m.email}</a>
      </p>
      <p className="staff-message">{m.message}</p>
      {(m.replies ?? []).length > 0 && (
        <ul className="staff-replies" aria-label="Replies">
          {m.replies.map((r) => (
            <li key={r.at}>
              <p className="staff-muted">
                Replied by {r.by} on {formatDate(r.at, { time: true })}
              </p>
              <p className="staff-message">{r.text}</p>
            </li>
          ))}
        </ul>
      )}
      {writing ? (
        <form className="staff-reply" aria-label={`Reply to ${m.fullName}`} noValidate onSubmit={(e) => void send(e)}>
          <div className="field">
            <label htmlFor={ids.reply}>Reply</label>
            <textarea
              id={ids.reply}
              rows={4}
              value={text}
              // Reply was pressed: the person goes on typing here.
              autoFocus
              {...errorAttributes(ids.error, error)}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
          <FormEnd errorId={ids.error} error={error} busy={reply.isPending} icon={Send} submit="Send reply">
            <button type="button" className="btn btn-outline" onClick={() => setWriting(false)}>
              Cancel
            </button>
          </FormEnd>
        </form>
      ) : (
        <div className="staff-message-actions">
          <button type="button" className="btn btn-primary" onClick={() => setWriting(true)}>
            <Reply aria-hidden="true" size={18} /> Reply<span className="visually-hidden"> to {m.fullName}</span>
          </button>
          <div className="field staff-inline-field">
            <label htmlFor={ids.status}>Status</label>
            <select
              id={ids.status}
              value={m.status ?? 'New'}
              disabled={setStatus.isPending}
              onChange={(ev) =>
                void setStatus
                  .mutateAsync({ recordId: m.docid, status: ev.target.value as MessageStatus })
                  .catch((err: unknown) => showApiError(err))
              }
            >
              {MESSAGE_STATUS_CHOICES.map((st) => (
                <option key={st}>{st}</option>
              ))}
            </select>
          </div>
          <p role="status" className="staff-saved">
            {sent}
          </p>
        </div>
      )}
    </li>
  );
}

function Messages() {
  const list = useMessages();
  const items = itemsOf(list.data);
  return (
    <section className="staff-section" aria-labelledby="messages-title">
      <h2 id="messages-title">Contact messages</h2>
      <PagedCards query={list} items={items} empty="No contact messages.">
        {(m) => <MessageItem key={m.docid} message={m} />}
      </PagedCards>
    </section>
  );
}

/** Inbox: organisations' enquiries with their status, contact messages, and the newsletter list as CSV. */
export default function InboxPage() {
  const [downloading, runDownload] = useBusy();
  return (
    <StaffPage
      title="Inbox"
      tools={
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => void runDownload(downloadNewsletterCsv)}
          disabled={downloading}
        >
          <Download aria-hidden="true" size={18} /> Newsletter subscribers (CSV)
        </button>
      }
    >
      <Enquiries />
      <Messages />
    </StaffPage>
  );
}
