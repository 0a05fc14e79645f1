/**
 * Text as the API keeps it (docs/api.md, 'Text we keep'): every name and free-text field is
 * cleaned on input, by the server's validation and the site's forms alike (request-fields.ts
 * `trimmed`, which every text rule is built from). No imports: bundled into the browser, and
 * usable anywhere on the server that takes text without a schema (the USSD menu's name step).
 */

/**
 * Invisible characters that change how text reads without being seen: the bidirectional
 * controls (embeddings and overrides U+202A-U+202E, isolates U+2066-U+2069, the marks U+200E,
 * U+200F and U+061C), which can make 'Ama' display as another name in a list or a message,
 * and the zero-width characters (U+200B-U+200D, U+2060, U+FEFF), which make two names that
 * look alike differ. The zero-width joiner (U+200D) goes too, though some scripts and emoji
 * use it: the contract (docs/api.md 'Text we keep') removes every zero-width character.
 */
const INVISIBLE = /[\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

/**
 * `text` without those characters, in Unicode's composed form (NFC), so 'e' followed by a
 * combining acute and the one character 'é' are the same name. Removed first, so a removed
 * character between a letter and its mark leaves them to compose. Letters such as ɛ, ɔ, ŋ,
 * Ɛ, Ɔ, ɖ, ƒ, ʋ and their tone marks are kept as typed (composed where Unicode has a
 * composed letter).
 */
export function cleanText(text: string): string {
  return text.replace(INVISIBLE, '').normalize('NFC');
}
