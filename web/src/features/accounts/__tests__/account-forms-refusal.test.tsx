/**
 * The forgot-password dialog and the account check (/auth) refuse the way every form does
 * (lib/form-refusal.ts), with real Formik and the API's own rules: the dialog names the
 * refused field in the words the form shows, says "required" only when it is empty, and
 * focus moves to the field once the dialog closes.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ForgotPassword } from '@/features/accounts/components/forgot-password';
import AccountCheckPage from '@/features/accounts/pages/account-check-page';
import { showRefusal } from '@/lib/dialogs';
import { sendPasswordReset, verifyAccount } from '@/shared/session/session';

jest.setTimeout(20_000);

jest.mock('@/lib/dialogs', () => ({ showRefusal: jest.fn(), showSuccess: jest.fn(), showError: jest.fn() }));
jest.mock('@/shared/session/session', () => ({
  sendPasswordReset: jest.fn(),
  verifyAccount: jest.fn(),
  resendCode: jest.fn(),
  useSession: () => ({ status: 'signed-in', email: 'ama@example.com', patient: { patientId: 'uid-1' } }),
  isActivated: () => false,
  afterLoginPath: () => '/dashboard',
  safeReturnUrl: () => undefined,
}));

/** The dialog stays open until the test closes it. */
let closeDialog: () => void;
beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(showRefusal).mockImplementation(
    () =>
      new Promise((resolve) => {
        closeDialog = () => resolve({ isConfirmed: true, isDenied: false, isDismissed: false });
      }),
  );
});

const dialogWords = () => {
  const [sentence, lines] = jest.mocked(showRefusal).mock.calls[0];
  return { sentence, lines };
};

it('forgot password: a malformed e-mail is named in words, without "required", and focused once the dialog closes', async () => {
  render(<ForgotPassword />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
  await user.type(screen.getByLabelText(/^Email Address/), 'ama@');
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));

  await waitFor(() => expect(showRefusal).toHaveBeenCalledTimes(1));
  expect(dialogWords()).toEqual({ sentence: null, lines: ['Email Address — must be a valid email address.'] });
  expect(screen.getByLabelText(/^Email Address/)).not.toHaveFocus();
  await act(async () => closeDialog());
  await waitFor(() => expect(screen.getByLabelText(/^Email Address/)).toHaveFocus());
  expect(sendPasswordReset).not.toHaveBeenCalled();
});

it('account check: an empty code says "required", names the code field and focuses it once the dialog closes', async () => {
  render(
    <MemoryRouter initialEntries={['/auth']}>
      <AccountCheckPage />
    </MemoryRouter>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Verify' }));

  await waitFor(() => expect(showRefusal).toHaveBeenCalledTimes(1));
  expect(dialogWords()).toEqual({
    sentence: 'Please fill in all required fields.',
    lines: ['Verification code from the e-mail — Please enter the verification code from your e-mail.'],
  });
  const field = screen.getByLabelText(/^Verification code from the e-mail/);
  expect(field).not.toHaveFocus();
  await act(async () => closeDialog());
  await waitFor(() => expect(field).toHaveFocus());
  expect(verifyAccount).not.toHaveBeenCalled();
});
