/**
 * The one rule for every id the API takes from a path or a body (appointments, packages,
 * products, lab tests, doctors, patients): letters, digits, '_' and '-', at most 128. An id
 * with a '/' would name a document in another collection (or a sub-collection) and make
 * Firestore throw; this rule keeps that a 400 or a 404, never a 500. Shared with the site:
 * no imports.
 */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

export const MAX_ID_LENGTH = 128;

export const isValidId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);

/** The 400 message for a field holding something that is no id of ours. */
export const invalidIdMessage = (field: string) =>
  `${field} must be an id of letters, digits, '_' or '-' (at most ${MAX_ID_LENGTH} characters).`;
