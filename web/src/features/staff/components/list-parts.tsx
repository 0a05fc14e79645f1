import type { ReactNode } from 'react';
import { Loading } from '@/components/spinner';
import { stateName } from '@/features/staff/lifecycle';

/** The status of a record as a badge; the word is always written, colour only helps. */
export function StateBadge({ state }: { state: string }) {
  return <span className={`staff-badge state-${state.toLowerCase().replace(/[^a-z]/g, '')}`}>{stateName(state)}</span>;
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

/** A page's heading row: the title and what acts on the whole page. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="staff-page-header">
      <h1>{title}</h1>
      {children && <div className="staff-page-tools">{children}</div>}
    </header>
  );
}
