/**
 * Fixes the date (only Date: timers, promises and animation frames run as usual, so Testing
 * Library, TanStack Query and user-event behave normally) for tests of date-dependent rules.
 */
export function fixDate(iso: string) {
  beforeEach(() => {
    jest.useFakeTimers({
      now: new Date(iso),
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
  });
  afterEach(() => jest.useRealTimers());
}
