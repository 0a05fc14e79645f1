/**
 * The package card's "Renew automatically" and its approval code refuse the way every form
 * does (lib/form-refusal.ts), with real Formik and the API's own schema: the dialog names the
 * refused field in words, "required" only when it is empty, and focus moves to the field once
 * the dialog closes; nothing is sent.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Autorenew } from '@/features/dashboard/components/autorenew';
import { showRefusal } from '@/lib/dialogs';
import { startAutorenew, verifyAutorenew } from '@/shared/subscriptions/subscription-requests';
import type { Subscription } from '@/shared/subscriptions/subscriptions';

jest.setTimeout(20_000);

jest.mock('@/lib/dialogs', () => ({
  showRefusal: jest.fn(),
  showSuccess: jest.fn(),
  showError: jest.fn(),
  showApiError: jest.fn(),
  confirm: jest.fn(),
}));
jest.mock('@/shared/session/session', () => ({ useSession: () => ({ status: 'signed-out' }) }));
jest.mock('@/shared/subscriptions/subscription-requests', () => ({
  startAutorenew: jest.fn(),
  verifyAutorenew: jest.fn(),
  cancelAutorenew: jest.fn(),
}));

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

const ACTIVE = {
  id: 'sub-1',
  patientId: 'uid-1',
  packageId: 'student',
  packageTitle: 'Student Package',
  status: 'Active',
  paymentStatus: 'Paid',
} as Partial<Subscription> as Subscription;

it('opting in: a number that is not a Ghana number is named in words, without "required", and focused once the dialog closes', async () => {
  render(<Autorenew subscription={ACTIVE} onChange={jest.fn()} />);
  const user = userEvent.setup();
  const field = screen.getByLabelText(/^Mobile money number/);
  await user.type(field, '12345');
  await user.click(screen.getByRole('button', { name: 'Renew automatically' }));

  await waitFor(() => expect(showRefusal).toHaveBeenCalledTimes(1));
  const [sentence, lines] = jest.mocked(showRefusal).mock.calls[0];
  expect(sentence).toBeNull();
  expect(lines).toEqual(['Mobile money number — must be a Ghana number: 0XXXXXXXXX or +233XXXXXXXXX.']);
  expect(field).not.toHaveFocus();
  await act(async () => closeDialog());
  await waitFor(() => expect(field).toHaveFocus());
  expect(startAutorenew).not.toHaveBeenCalled();
});

it('approving: an empty code is required, named, and focused once the dialog closes', async () => {
  const pending = {
    ...ACTIVE,
    mandate: {
      subscriptionId: 'sub-1',
      status: 'Pending',
      network: 'Telecel',
      maskedNumber: '055 *** 8303',
      verificationType: 'OTP',
      failures: 0,
    },
  } as Subscription;
  render(<Autorenew subscription={pending} onChange={jest.fn()} />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Approve' }));

  await waitFor(() => expect(showRefusal).toHaveBeenCalledTimes(1));
  const [sentence, lines] = jest.mocked(showRefusal).mock.calls[0];
  expect(sentence).toMatch(/required/);
  expect(lines).toEqual([expect.stringMatching(/^Approval code from the SMS — /)]);
  await act(async () => closeDialog());
  await waitFor(() => expect(screen.getByLabelText(/^Approval code from the SMS/)).toHaveFocus());
  expect(verifyAutorenew).not.toHaveBeenCalled();
});
