import { hasLoginMarker } from '@/lib/login-marker';

/**
 * Paying or booking needs a signed-in patient. Spec section 8: 'Oops' / 'Please login to
 * continue'; a new visitor has no account yet, so Sign up comes first and Log in second
 * (docs/patient-experience.md); both go to /signup (its register or login form) and come back
 * to returnUrl. Without the login marker nobody signed in on this browser: the answer is no,
 * without loading Firebase Auth (the API checks the token of every request all the same).
 */
export async function isSignedIn(): Promise<boolean> {
  if (!hasLoginMarker()) return false;
  const { currentIdToken } = await import('@/lib/firebase');
  return (await currentIdToken()) !== undefined;
}

/** Asks the visitor to sign up or log in; resolves with the URL to go to, or undefined on Cancel. */
export async function promptLogin(returnUrl: string): Promise<string | undefined> {
  const { default: Swal } = await import('sweetalert2');
  const result = await Swal.fire({
    icon: 'error',
    title: 'Oops',
    text: 'Please login to continue',
    showCancelButton: true,
    showDenyButton: true,
    confirmButtonText: 'Sign up',
    denyButtonText: 'Log in',
    cancelButtonText: 'Cancel',
    confirmButtonColor: '#0b6e4f',
    denyButtonColor: '#0b6e4f',
    cancelButtonColor: '#6b7280',
  });
  const back = `returnUrl=${encodeURIComponent(returnUrl)}`;
  if (result.isConfirmed) return `/signup?mode=register&${back}`;
  return result.isDenied ? `/signup?${back}` : undefined;
}
