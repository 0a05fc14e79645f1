import { RATE_LIMITS, type RatedKind } from '@api/visits';

/** What a person is told when a kind of write is over its cap for this minute, with the cap in words. */
const OVER_CAP: Record<RatedKind, string> = {
  chat: `You can send at most ${RATE_LIMITS.chat} messages a minute. Wait a moment, then send it again.`,
  signals: `The call sent more than ${RATE_LIMITS.signals} connection messages this minute. It tries again in a moment.`,
};

/**
 * A write refused because this participant reached the cap for the current minute (the rules'
 * RATE_LIMITS, docs/visits.md); its message says what the cap is. Apart from signalling.ts so
 * the chat can recognise it without loading Firestore.
 */
export class OverRateCap extends Error {
  constructor(readonly kind: RatedKind) {
    super(OVER_CAP[kind]);
  }
}
