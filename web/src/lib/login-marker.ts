import { useSyncExternalStore } from 'react';

/** The one thing the browser stores: that someone signed in here (shared/session/session.ts writes and clears it). */
export const LOGIN_MARKER = 'expLoggedIn';

/** The cheap hint: whether a session may exist here (else nobody need load Firebase Auth to find out). */
export const hasLoginMarker = (): boolean => typeof localStorage !== 'undefined' && localStorage.getItem(LOGIN_MARKER) === 'true';

const subscribe = (onChange: () => void) => {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
};

/**
 * Whether someone is signed in on this browser, for public pages that must not load Firebase
 * Auth to know it (the menu offers the dashboard instead of Sign Up). False while a
 * prerendered page hydrates; the API still checks every request.
 */
export const useLoginMarker = (): boolean => useSyncExternalStore(subscribe, hasLoginMarker, () => false);
