import { rateLimitClock } from '../http/rate-limit';

/**
 * Stands the rate limits' clock (http/rate-limit.ts) a second into the current window of
 * `windowMs`, for the rest of the test: a burst cannot straddle two windows, and no test waits
 * for the real clock to turn. Undone by jest.restoreAllMocks().
 */
export function atStartOfWindow(windowMs: number) {
  const start = Math.floor(Date.now() / windowMs) * windowMs;
  return jest.spyOn(rateLimitClock, 'now').mockReturnValue(start + 1000);
}
