/**
 * An e-prescription's code (docs/record.md 'E-prescriptions'): what the public check page
 * needs, with no Yup, so that page loads no schema library (docs/performance.md). The
 * record's shapes and schemas are in record.ts, which re-exports these.
 */

/** Digits and capitals without the look-alikes 0/O, 1/I/L: read aloud or typed from a phone without doubt. */
export const RX_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** New codes: 31^10, about 8 × 10^14 (docs/record.md 'E-prescriptions'). */
export const RX_CODE_LENGTH = 10;
/** Codes issued before 10 characters, still checked. */
export const RX_OLD_CODE_LENGTH = 8;

/** A code as a pharmacist may type it (lower case, spaces, a dash) in its one stored form; undefined when it cannot be one. */
export function normaliseRxCode(typed: string): string | undefined {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  const lengthOk = code.length === RX_CODE_LENGTH || code.length === RX_OLD_CODE_LENGTH;
  return lengthOk && [...code].every((c) => RX_CODE_ALPHABET.includes(c)) ? code : undefined;
}
