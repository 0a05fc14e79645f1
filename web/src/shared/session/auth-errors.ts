import { GENERIC_ERROR } from '@api/messages';
import { NETWORK_ERROR } from '@/lib/api-client';

/** Firebase Auth error codes mapped to the site's sentences, plus a few people need. */
const MESSAGES: Record<string, string> = {
  'auth/email-already-in-use': 'This email is already in use. Please try another one.',
  'auth/wrong-password': 'The password is wrong. Please try again.',
  'auth/weak-password': 'The password is too weak. Please choose a stronger password.',
  // With e-mail enumeration protection Firebase cannot say which of the two was wrong.
  'auth/invalid-credential': 'The email address or password is wrong. Please try again.',
  'auth/invalid-login-credentials': 'The email address or password is wrong. Please try again.',
  'auth/user-not-found': 'No account uses this email address. Please check it or sign up.',
  'auth/invalid-email': 'Please enter a valid email address.',
  'auth/too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'auth/network-request-failed': NETWORK_ERROR,
};

export function authErrorMessage(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && MESSAGES[code]) || GENERIC_ERROR;
}

export const isAuthError = (err: unknown) => String((err as { code?: unknown } | null)?.code ?? '').startsWith('auth/');
