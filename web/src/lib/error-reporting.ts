import { CLIENT_ERROR_LIMITS, withoutQueries, type ClientErrorKind, type ClientErrorReport } from '@api/client-errors';
import { env } from '@/lib/env';

/** A page that fails in a loop sends a few reports, not thousands (the API throttles too). */
const MAX_REPORTS_PER_PAGE = 5;
const sent = new Set<string>();

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function describe(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack ?? '' };
  if (error && typeof error === 'object' && 'statusText' in error) return { message: String(error.statusText), stack: '' };
  return { message: String(error ?? 'Unknown error'), stack: '' };
}

/**
 * Tells the API (POST /api/client-errors, logged there for the clinic's alerts) that something
 * broke in this browser: the error's text and stack and the page's path, each without query
 * strings or fragments, and never who the visitor is. Fire and forget: reporting never breaks
 * the page further.
 */
export function reportClientError(kind: ClientErrorKind, error: unknown): void {
  const { message, stack } = describe(error);
  const key = `${kind}:${message}`;
  if (sent.has(key) || sent.size >= MAX_REPORTS_PER_PAGE) return;
  sent.add(key);
  const report: ClientErrorReport = {
    kind,
    message: clip(withoutQueries(message).trim() || 'Unknown error', CLIENT_ERROR_LIMITS.message),
    stack: clip(withoutQueries(stack), CLIENT_ERROR_LIMITS.stack),
    path: clip(window.location.pathname, CLIENT_ERROR_LIMITS.path),
    release: clip(env.release, CLIENT_ERROR_LIMITS.release),
  };
  try {
    void fetch(`${env.apiBase}/client-errors`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(report),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // fetch itself missing or refused: nothing more to do.
  }
}

/** Errors no component caught (event handlers, timers, promises nobody awaited). */
export function reportUncaughtErrors(): void {
  window.addEventListener('error', (event) => reportClientError('error', event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportClientError('unhandledrejection', event.reason));
}
