import type { ReactNode } from 'react';
import { usePageTitle } from '@/components/page-title';
import { Loading } from '@/components/spinner';
import { stateName } from '@/features/staff/lifecycle';

/** The status of a record as a badge; the word is always written, colour only helps. */
export function StateBadge({ state }: { state: string }) {
  return <span className={`staff-badge state-${state.toLowerCase().replace(/[^a-z]/g, '')}`}>{stateName(state)}</span>;
}

/** An appointment's state, and its payment state when it is paid for. */
export function AppointmentBadges({
  appointment: a,
}: {
  appointment: { appointmentStatus: string; requiresPayment: boolean; paymentStatus: string };
}) {
  return (
    <span className="staff-list-badges">
      <StateBadge state={a.appointmentStatus} />
      {a.requiresPayment && <StateBadge state={a.paymentStatus} />}
    </span>
  );
}

/** A list's status filter: one pressed button; `undefined` among the options reads 'All'. */
export function StatusChips<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly (T | undefined)[];
  value: T | undefined;
  onChange: (value: T | undefined) => void;
}) {
  return (
    <div className="staff-chips" role="group" aria-label={label}>
      {options.map((s) => (
        <button key={s ?? 'all'} type="button" aria-pressed={value === s} onClick={() => onChange(s)}>
          {s ?? 'All'}
        </button>
      ))}
    </div>
  );
}

/** What a list shows while it loads, when it failed, or when it is empty; else the list. */
export function ListState({
  loading,
  error,
  empty,
  isEmpty,
  onRetry,
  children,
}: {
  loading: boolean;
  error: unknown;
  empty: string;
  isEmpty: boolean;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (error) {
    return (
      <div className="staff-error" role="alert">
        <p>{error instanceof Error ? error.message : 'This list could not be loaded.'}</p>
        <button type="button" className="btn btn-outline" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (loading) return <Loading />;
  if (isEmpty) return <p className="staff-empty">{empty}</p>;
  return <>{children}</>;
}

/** 'Load more' for a cursor-paged list; gone at the end. */
export function LoadMore({ hasMore, loading, onMore }: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  if (!hasMore) return null;
  return (
    <div className="staff-load-more">
      <button type="button" className="btn btn-outline" onClick={onMore} disabled={loading}>
        {loading ? 'Loading…' : 'Load more'}
      </button>
    </div>
  );
}

/** The parts of a TanStack query that a list or a page reads while it loads. */
interface LoadingQuery {
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A query's list: its loading, error and empty states, else the list. */
export function QueryList({
  query,
  empty,
  isEmpty,
  children,
}: {
  query: LoadingQuery;
  empty: string;
  isEmpty: boolean;
  children: ReactNode;
}) {
  return (
    <ListState loading={query.isPending} error={query.error} empty={empty} isEmpty={isEmpty} onRetry={() => void query.refetch()}>
      {children}
    </ListState>
  );
}

/** One query's data once it is there (a spinner before, the error and 'Try again' if it failed). */
export function Loaded<T>({
  query,
  children,
}: {
  query: LoadingQuery & { data: T | undefined };
  children: (data: T) => ReactNode;
}) {
  return (
    <QueryList query={query} empty="" isEmpty={false}>
      {query.data !== undefined && children(query.data)}
    </QueryList>
  );
}

/** The parts of a cursor-paged query (TanStack's useInfiniteQuery) that a paged list reads. */
interface PagedQuery extends LoadingQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** A cursor-paged list: its loading, error and empty states, the items, then 'Load more'. */
export function PagedList({
  query,
  empty,
  isEmpty,
  children,
}: {
  query: PagedQuery;
  empty: string;
  isEmpty: boolean;
  children: ReactNode;
}) {
  return (
    <QueryList query={query} empty={empty} isEmpty={isEmpty}>
      {children}
      <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onMore={() => void query.fetchNextPage()} />
    </QueryList>
  );
}

/** A cursor-paged list of cards: `card` draws each item as its own keyed <li>. */
export function PagedCards<T>({
  query,
  items,
  empty,
  children: card,
}: {
  query: PagedQuery;
  items: T[];
  empty: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <PagedList query={query} empty={empty} isEmpty={items.length === 0}>
      <ul className="staff-cards">{items.map(card)}</ul>
    </PagedList>
  );
}

/** A titled section of a person's record: a keyed <li> per item, or a line saying there is none. */
export function ListSection<T>({
  id,
  title,
  empty,
  items,
  listClassName = 'staff-cards',
  children: item,
}: {
  id: string;
  title: string;
  empty: string;
  items: T[];
  listClassName?: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <section className="staff-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {items.length === 0 ? <p className="staff-empty">{empty}</p> : <ul className={listClassName}>{items.map(item)}</ul>}
    </section>
  );
}

/** A page's heading row: the title and what acts on the whole page. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="staff-page-header">
      <h1>{title}</h1>
      {children && <div className="staff-page-tools">{children}</div>}
    </header>
  );
}

/** A console page whose heading is its title too (the document's title, named once); `tools` go beside the heading. */
export function StaffPage({ title, tools, children }: { title: string; tools?: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="staff-page">
      <PageHeader title={title}>{tools}</PageHeader>
      {children}
    </div>
  );
}

/**
 * A list card's next steps (a visit's, an order's): a button each, an ending one outlined, all off
 * while one is saved; `about` tells a screen reader which card's step it is.
 */
export function StepButtons<T extends { label: string }>({
  steps,
  keyOf,
  ending,
  about,
  busy,
  onPick,
}: {
  steps: readonly T[];
  keyOf: (step: T) => string;
  ending?: (step: T) => boolean;
  about: string;
  busy: boolean;
  onPick: (step: T) => void;
}) {
  if (!steps.length) return null;
  return (
    <div className="form-actions">
      {steps.map((s) => (
        <button
          key={keyOf(s)}
          type="button"
          className={ending?.(s) ? 'btn btn-outline' : 'btn btn-primary'}
          disabled={busy}
          onClick={() => onPick(s)}
        >
          {s.label}
          <span className="visually-hidden"> {about}</span>
        </button>
      ))}
    </div>
  );
}
