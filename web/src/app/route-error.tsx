import { GENERIC_ERROR } from '@api/messages';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { reportClientError } from '@/lib/error-reporting';

/**
 * The error boundary of every route (React Router's errorElement): a page that throws while
 * rendering, or whose code fails to load (a stale tab after a deploy), shows this instead of a
 * blank screen, and the error is reported to the API (lib/error-reporting.ts).
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => reportClientError('render', error), [error]);
  return (
    <main id="main" className="container page route-error" tabIndex={-1}>
      <h1>Something went wrong</h1>
      <p>{GENERIC_ERROR}</p>
      <div className="route-error-actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <a className="btn btn-outline" href="/">
          Go to the home page
        </a>
      </div>
    </main>
  );
}
