/** Deployment and request limits: one place for each fact the API's wiring relies on. */

/** Closest Cloud Functions region to Ghana with Firestore beside it; Accra's traffic reaches Europe first. */
export const REGION = 'europe-west1';

/** Firebase project used locally; a demo- id never touches production. */
export const DEMO_PROJECT_ID = 'demo-healthcare';

/** Ordinary JSON bodies: a form's worth of text. */
export const SMALL_BODY_BYTES = 64 * 1024;

/** Creating an appointment may carry a prescription photo (resized in the browser). */
export const LARGE_BODY_BYTES = 1024 * 1024;

/** Requests allowed the large body limit, as "METHOD /path" without the /api prefix. */
export const LARGE_BODY_ROUTES = new Set(['POST /appointments']);

/**
 * X-Forwarded-For entries our own front ends append, counted from the right. Through Hosting,
 * its CDN appends the visitor's address and Google's front end of the function appends the
 * CDN's, so the visitor is the 2nd from the right; whatever stands left of it the client wrote
 * itself and may forge. The local emulators append nothing (tests play the front end).
 */
export const TRUSTED_PROXY_HOPS = 2;
