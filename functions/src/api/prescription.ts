/**
 * The prescription upload's rules, shared with the site (which shrinks photos to fit before
 * sending). Plain data with no imports, because it is bundled into the browser too.
 */

/**
 * A prescription is stored in its own document, so its base64 text plus a few fields must
 * stay under Firestore's 1 MiB document limit and the whole request under the 1 MB body
 * limit: 700 KB of file (about 950 KB as base64).
 */
export const MAX_PRESCRIPTION_BYTES = 700 * 1024;

/** The file types accepted (the server checks the bytes, not only the label). */
export const PRESCRIPTION_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type PrescriptionType = (typeof PRESCRIPTION_TYPES)[number];
