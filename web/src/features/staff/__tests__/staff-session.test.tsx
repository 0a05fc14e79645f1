import { act, render, screen, waitFor } from '@testing-library/react';
import { ROLE_CHANGED } from '@api/staff';
import { useStaffSession } from '@/features/staff/staff-session';
import { ApiError } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

/** The console signs out when its API says the sign-in no longer holds (a role removed or changed). */
const signOut = jest.fn(() => Promise.resolve());
jest.mock('firebase/auth', () => ({
  onAuthStateChanged: (_auth: unknown, next: (user: unknown) => void) => {
    next({ uid: 'u1', email: 'ama@clinic.example', getIdTokenResult: () => Promise.resolve({ claims: { role: 'admin' } }) });
    return () => undefined;
  },
  signInWithEmailAndPassword: jest.fn(),
  signOut: () => signOut(),
}));
jest.mock('@/lib/firebase', () => ({ auth: {} }));

function Who() {
  const session = useStaffSession();
  return <p>{session.status === 'signed-out' ? `signed out: ${session.reason ?? ''}` : session.status}</p>;
}

it('when a console call answers 401, then the person is signed out with the reason; a 403 or 500 signs nobody out', async () => {
  render(<Who />);
  await screen.findByText('staff');

  for (const status of [403, 500]) {
    await act(() =>
      queryClient
        .fetchQuery({ queryKey: ['staff', 'x', status], queryFn: () => Promise.reject(new ApiError(status, 'No.')) })
        .catch(() => undefined),
    );
  }
  expect(signOut).not.toHaveBeenCalled();
  expect(screen.getByText('staff')).toBeTruthy();

  await act(() =>
    queryClient
      .fetchQuery({ queryKey: ['staff', 'roles'], queryFn: () => Promise.reject(new ApiError(401, ROLE_CHANGED)) })
      .catch(() => undefined),
  );
  await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
  expect(await screen.findByText(`signed out: ${ROLE_CHANGED}`)).toBeTruthy();
});
