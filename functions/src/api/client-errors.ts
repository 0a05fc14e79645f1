/**
 * A browser error the site reports (POST /api/client-errors): what broke and where, never who.
 * The site sends only the error's text, its stack and the page's path, each without query
 * strings or fragments (they can carry tokens and e-mail addresses). No yup here: every page
 * bundles this (web/src/lib/error-reporting.ts); the schema is client-error-requests.ts.
 */
export const CLIENT_ERROR_KINDS = ['render', 'error', 'unhandledrejection'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

export const CLIENT_ERROR_LIMITS = { message: 500, stack: 4000, path: 200, release: 64 } as const;

export interface ClientErrorReport {
  kind: ClientErrorKind;
  message: string;
  stack: string;
  path: string;
  release: string;
}

/** Query strings and fragments out of every URL and path in a text (tokens, e-mail addresses). */
export const withoutQueries = (text: string): string => text.replace(/[?#][^\s)'"]*/g, '');
