import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { isSignedIn } from '@/lib/login-prompt';
import { STORAGE_KEYS, useSession } from '@/shared/session/session';

// Firebase Auth stands behind these two modules: each counts when it is loaded (its factory runs then).
const mockLoaded = { firebase: 0, sdk: 0 };
jest.mock('@/lib/firebase', () => {
  mockLoaded.firebase++;
  return { auth: { authStateReady: async () => undefined, currentUser: null }, currentIdToken: async () => 'id-token' };
});
jest.mock('firebase/auth', () => {
  mockLoaded.sdk++;
  return { onAuthStateChanged: jest.fn() };
});

function PublicPagePart() {
  const session = useSession({ unhurried: true });
  return <button type="button">{session.status}</button>;
}

describe('Firebase Auth on a public page', () => {
  it('when a visitor who never signed in here opens the page, touches it and presses Subscribe, then no Auth code is loaded and they are asked to log in', async () => {
    localStorage.removeItem(STORAGE_KEYS.loggedIn);
    render(<PublicPagePart />);
    const button = screen.getByRole('button');
    fireEvent.pointerDown(button);
    fireEvent.focusIn(button);
    fireEvent.keyDown(button, { key: 'Tab' });

    expect(await isSignedIn()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(mockLoaded).toEqual({ firebase: 0, sdk: 0 });
  });

  it('when someone signed in on this browser (the login marker), then the page follows Firebase Auth at once', async () => {
    localStorage.setItem(STORAGE_KEYS.loggedIn, 'true');
    render(<PublicPagePart />);
    await waitFor(() => expect(mockLoaded.sdk).toBe(1));
    expect(mockLoaded.firebase).toBe(1);
    expect(await isSignedIn()).toBe(true);
  });
});
