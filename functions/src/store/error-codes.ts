/**
 * The Firestore (gRPC) status codes the server acts on, by name. The client library's errors
 * carry them as bare numbers in `code`; everything that tests one asks `hasCode` here.
 */
export const FIRESTORE_CODE = {
  DEADLINE_EXCEEDED: 4,
  /** A create() found the document: a slot, lease, claim or reminder someone else took first. */
  ALREADY_EXISTS: 6,
  /** A write's precondition (lastUpdateTime) failed: someone wrote the document since it was read. */
  FAILED_PRECONDITION: 9,
  /** A contended transaction gave up after its retries: trying again is the answer. */
  ABORTED: 10,
  UNAVAILABLE: 14,
} as const;

export type FirestoreCode = keyof typeof FIRESTORE_CODE;

/** Whether a thrown error carries one of these codes. */
export const hasCode = (err: unknown, ...codes: FirestoreCode[]): boolean => {
  const code = (err as { code?: unknown } | null | undefined)?.code;
  return codes.some((name) => FIRESTORE_CODE[name] === code);
};

/** An error that reads like Firestore's own, for a caller that gives up the same way (e.g. a busy settlement). */
export const firestoreError = (message: string, code: FirestoreCode): Error =>
  Object.assign(new Error(message), { code: FIRESTORE_CODE[code] });
