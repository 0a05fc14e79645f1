import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { formatDate } from '@api/format';
import type { EnquiryStatus } from '@api/staff';
import { usePageTitle } from '@/components/page-title';
import {
  downloadNewsletterCsv,
  itemsOf,
  useEnquiries,
  useMessages,
  useSetEnquiryStatus,
  type StaffEnquiry,
} from '@/features/staff/api/staff-api';
import { ListState, LoadMore, PageHeader, StateBadge, StatusChips } from '@/features/staff/components/list-parts';
import { showApiError } from '@/lib/dialogs';

const ENQUIRY_STATUSES: EnquiryStatus[] = ['Pending', 'Contacted', 'Closed'];

function EnquiryItem({ enquiry: e }: { enquiry: StaffEnquiry }) {
  const setStatus = useSetEnquiryStatus();
  const selectId = useId();
  const change = (status: EnquiryStatus) =>
    setStatus.mutateAsync({ enquiryId: e.id, status }).catch((err: unknown) => showApiError(err));
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
      <ListState
        loading={list.isPending}
        error={list.error}
        empty="No enquiries here."
        isEmpty={items.length === 0}
        onRetry={() => void list.refetch()}
      >
        <ul className="staff-cards">
          {items.map((e) => (
            <EnquiryItem key={e.id} enquiry={e} />
          ))}
        </ul>
        <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
      </ListState>
    </section>
  );
}

function Messages() {
  const list = useMessages();
  const items = itemsOf(list.data);
  return (
    <section className="staff-section" aria-labelledby="messages-title">
      <h2 id="messages-title">Contact messages</h2>
      <ListState
        loading={list.isPending}
        error={list.error}
        empty="No contact messages."
        isEmpty={items.length === 0}
        onRetry={() => void list.refetch()}
      >
        <ul className="staff-cards">
          {items.map((m) => (
            <li key={m.docid} className="staff-card">
              <div className="staff-card-head">
                <h3>{m.fullName}</h3>
                <span className="staff-muted">{formatDate(m.date, { time: true })}</span>
              </div>
              <p>
                <a href={`tel:${m.telephone}`}>{m.telephone}</a> · <a href={`mailto:${m.email}`}>{m.email}</a>
              </p>
              <p className="staff-message">{m.message}</p>
            </li>
          ))}
        </ul>
        <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
      </ListState>
    </section>
  );
}

/** Inbox: organisations' enquiries with their status, contact messages, and the newsletter list as CSV. */
export default function InboxPage() {
  usePageTitle('Inbox');
  const [downloading, setDownloading] = useState(false);
  async function download() {
    setDownloading(true);
    try {
      await downloadNewsletterCsv();
    } catch (err) {
      await showApiError(err);
    } finally {
      setDownloading(false);
    }
  }
  return (
    <div className="staff-page">
      <PageHeader title="Inbox">
        <button type="button" className="btn btn-outline" onClick={() => void download()} disabled={downloading}>
          <Download aria-hidden="true" size={18} /> Newsletter subscribers (CSV)
        </button>
      </PageHeader>
      <Enquiries />
      <Messages />
    </div>
  );
}
