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

const EXTENSIONS: Record<PrescriptionType, string> = {
  'application/pdf': '.pdf',
  'image/jpeg': '.jpg',
  'image/png': '.png',
};

/**
 * The name a prescription is saved under: the uploaded name reduced to letters, digits, '.',
 * '-', '_' and spaces (so it is safe inside a Content-Disposition header), with the extension
 * of what is stored (a photo shrunk in the browser is a JPEG whatever it was called).
 */
export function prescriptionFileName(uploadedName: string | null | undefined, contentType: string): string {
  const extension = EXTENSIONS[contentType as PrescriptionType] ?? '';
  const base = (uploadedName ?? '')
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^\w. -]+/g, '_')
    .replace(/^[\s._-]+|[\s._-]+$/g, '')
    .slice(0, 80);
  return `${base || 'prescription'}${extension}`;
}
