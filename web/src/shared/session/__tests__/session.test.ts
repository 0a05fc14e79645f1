import { authErrorMessage } from '@/shared/session/auth-errors';
import { afterLoginPath, isLoggedIn, logout, safeReturnUrl, STORAGE_KEYS } from '@/shared/session/session';

const signOut = jest.fn(async () => undefined);
jest.mock('@/lib/firebase', () => ({ auth: { authStateReady: async () => undefined, currentUser: null } }));
jest.mock('firebase/auth', () => ({ signOut: () => signOut(), onAuthStateChanged: jest.fn() }));

describe('the session', () => {
  it('when the patient logs out, then Firebase signs out and every local trace is removed, also keys older versions kept', async () => {
    // What a browser may still hold from before the site stopped keeping the patient's record.
    const patientKeys = ['userData', 'expUserId', 'expMedEnter', 'subscriptions'];
    localStorage.setItem('userData', JSON.stringify({ firstName: 'Ama', patientId: 'uid-1' }));
    for (const key of patientKeys.slice(1)) localStorage.setItem(key, 'x');
    localStorage.setItem(STORAGE_KEYS.loggedIn, 'true');
    localStorage.setItem('packages', '[]'); // the public catalog cache is not the patient's
    expect(isLoggedIn()).toBe(true);

    await logout();

    expect(signOut).toHaveBeenCalled();
    for (const key of [...Object.values(STORAGE_KEYS), ...patientKeys]) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('packages')).toBe('[]');
    expect(isLoggedIn()).toBe(false);
  });

  it.each([
    ['/packages', '/packages'],
    ['/appointment-page?x=1', '/appointment-page?x=1'],
    ['https://evil.example', undefined],
    ['//evil.example', undefined],
    ['/\\evil.example', undefined],
    [null, undefined],
  ])('when returnUrl is %s, then only a path on this site is followed', (raw, expected) => {
    expect(safeReturnUrl(raw)).toBe(expected);
    expect(afterLoginPath(raw)).toBe(expected ?? '/dashboard');
  });
});

describe('auth error messages (spec section 8)', () => {
  it.each([
    ['auth/email-already-in-use', 'This email is already in use. Please try another one.'],
    ['auth/wrong-password', 'The password is wrong. Please try again.'],
    ['auth/weak-password', 'The password is too weak. Please choose a stronger password.'],
    ['auth/internal-error', 'Something went wrong, please try again'],
  ])('when Firebase says %s, then the patient reads "%s"', (code, message) => {
    expect(authErrorMessage({ code })).toBe(message);
  });
});
