/**
 * The sentences a person reads when something fails, in one place for the server's answers
 * and the site's dialogs. The spec gives two spellings of the failure sentence (payments use
 * the full stop); both are kept word for word.
 */

/** Any failure without a more precise message (the server's 500, the site's fallback). */
export const GENERIC_ERROR = 'Something went wrong, please try again';
/** A payment or subscription that could not start or be confirmed (packages and appointments). */
export const PAYMENT_ERROR = 'Something went wrong. Please try again';
/** The title of the site's error dialogs ('Oops...'). */
export const ERROR_TITLE = 'Oops...';
/** The password reset e-mail could not be sent. */
export const PASSWORD_RESET_ERROR = 'Something went wrong! Please try again later.';
/** The database is briefly out of reach (503). */
export const SERVICE_UNAVAILABLE = 'The service is briefly unavailable. Please try again in a moment.';
/** A contended transaction gave up (ABORTED, 503): trying again is the answer. */
export const SERVICE_BUSY = 'The service is busy. Please try again.';
/** Completing a visit before it could have happened (api/policy.ts completableFrom); `from` as people read it. */
export const tooEarlyToComplete = (from: string): string => `This visit has not started yet: it can be completed from ${from}.`;

/** Setting off for (or arriving at) a field visit before its day (api/policy.ts onVisitDay); `day` as people read it. */
export const tooEarlyToSetOff = (day: string): string =>
  `This visit is on ${day}: it can be marked on the way or arrived on that day, not before.`;

/** An API write without a valid App Check token (401): the page is stale or not the site's own. */
export const APP_CHECK_REQUIRED =
  'We could not confirm this request came from our website. Please reload the page and try again.';
