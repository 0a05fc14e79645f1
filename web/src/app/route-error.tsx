import { Component, useEffect, useState, type ReactNode } from 'react';
import { Loading } from '@/components/spinner';
import { usePageTitle } from '@/components/page-title';
import { SITE } from '@/content/site';
import { isChunkLoadError, reloadAfter, reloadOnceForChunk } from '@/lib/chunk-recovery';
import { reportClientError } from '@/lib/error-reporting';

/**
 * What shows when a page cannot be shown (PageErrorBoundary's, in place of the whole layout). A page whose script chunk failed to download reloads once on its own
 * (lib/chunk-recovery.ts); when that did not help, or for any other error, the person reads
 * what happened in plain words and can try again, and the error is reported to the API
 * (lib/error-reporting.ts; a chunk that would not download after a reload too is reported as
 * well: a broken deploy shows up there).
 */
export function RouteError({ error }: { error: unknown }) {
  const chunk = isChunkLoadError(error);
  const [reloading] = useState(() => chunk && reloadOnceForChunk(error));
  usePageTitle(reloading ? 'Loading' : 'This page did not load');
  useEffect(() => {
    // The app runs and answers (the end-to-end tests wait for this mark, as for any page).
    if (!reloading) document.documentElement.dataset.app = 'ready';
    if (reloading) return;
    if (!chunk) console.error(error);
    reportClientError('render', error);
  }, [chunk, error, reloading]);

  if (reloading) return <Loading text="Loading the latest version of the site…" />;
  return (
    <main id="main" className="route-error" tabIndex={-1}>
      <h1>This page did not load</h1>
      <p>
        {chunk
          ? 'Part of the site could not be downloaded: the connection may have dropped, or the site has just been updated. Check that you are online, then try again.'
          : `Something went wrong while showing this page. Please try again; if it keeps happening, call us on ${SITE.phone} or e-mail ${SITE.email}.`}
      </p>
      <div className="route-error-actions">
        <button type="button" className="btn btn-primary" onClick={() => reloadAfter(error)}>
          Try again
        </button>
        <a className="btn btn-outline" href="/">
          Go to the home page
        </a>
      </div>
    </main>
  );
}

/**
 * Catches what a page throws while rendering, a page chunk that would not download included
 * (React.lazy throws its failure): RouteError in place of what is below. The root layout
 * keys it by path, so moving to another page tries again.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { error?: unknown; failed: boolean }> {
  state: { error?: unknown; failed: boolean } = { failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
