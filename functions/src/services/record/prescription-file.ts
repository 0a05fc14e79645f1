import { MAX_PRESCRIPTION_BYTES, PRESCRIPTION_TYPES, type PrescriptionType } from '../../api/prescription';
import { HttpError, badRequest, tooLarge } from '../../http/errors';

/** A prescription arrives as a data URL (its size limit and types are shared with the site). */
export interface PrescriptionFile {
  contentType: PrescriptionType;
  /** Base64 of the file's bytes. */
  base64: string;
  sizeBytes: number;
}

/** The first bytes each accepted type starts with: the label alone proves nothing. */
const SIGNATURES: Record<PrescriptionType, number[]> = {
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
};

const WRONG_TYPE = 'The prescription must be a PDF, JPEG or PNG file.';

/** The accepted type the bytes begin with, whatever the file is called (result uploads use it too: api/record.ts RESULT_TYPES). */
export const sniff = (bytes: Buffer): PrescriptionType | undefined =>
  PRESCRIPTION_TYPES.find((type) => SIGNATURES[type].every((b, i) => bytes[i] === b));

/** Checks a data URL's label, bytes and size: 400 when it is not a data URL, 415 wrong type, 413 too big. */
export function parsePrescription(dataUrl: string): PrescriptionFile {
  const match = /^data:([\w.+-]+\/[\w.+-]+)(?:;[^,;]*)*;base64,([A-Za-z0-9+/]*={0,2})$/.exec(dataUrl.trim());
  if (!match) throw badRequest('Prescription file must be a photo or PDF file.');
  const [, label, base64] = match;
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_PRESCRIPTION_BYTES) {
    throw tooLarge(
      `The prescription file is too large: at most ${MAX_PRESCRIPTION_BYTES / 1024} KB is accepted. Take a smaller photo or scan.`,
    );
  }
  const type = sniff(bytes);
  if (!type || type !== label.toLowerCase()) throw new HttpError(415, WRONG_TYPE);
  return { contentType: type, base64, sizeBytes: bytes.length };
}
