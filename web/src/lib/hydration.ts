import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React takes over a prerendered page (and on the server), true after. A form in
 * prerendered HTML is on screen before its script runs; until then submitting it would be a
 * plain browser GET that puts the fields, a password included, in the address.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
