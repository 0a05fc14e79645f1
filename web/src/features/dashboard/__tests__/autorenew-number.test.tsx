/**
 * The package card's "Renew automatically" with a number other than the confirmed phone
 * (docs/direct-debit.md): it offers a code to that number and sends the typed code with the
 * opt-in; the confirmed phone needs none.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Autorenew } from '@/features/dashboard/components/autorenew';
import { showSuccess } from '@/lib/dialogs';
import { sendAutorenewNumberCode, startAutorenew } from '@/shared/subscriptions/subscription-requests';
import type { Subscription } from '@/shared/subscriptions/subscriptions';

jest.setTimeout(20_000);

jest.mock('@/lib/dialogs', () => ({
  showRefusal: jest.fn(),
  showSuccess: jest.fn(),
  showError: jest.fn(),
  showApiError: jest.fn(),
  confirm: jest.fn(),
}));
jest.mock('@/shared/session/session', () => ({
  useSession: () => ({
    status: 'signed-in',
    patient: { patientId: 'uid-1', contactNumber: '+233241234567', phoneVerifiedAt: '2098-01-01T00:00:00.000Z' },
  }),
}));
jest.mock('@/shared/subscriptions/subscription-requests', () => ({
  startAutorenew: jest.fn(),
  verifyAutorenew: jest.fn(),
  cancelAutorenew: jest.fn(),
  sendAutorenewNumberCode: jest.fn(),
}));

const ACTIVE = { id: 'sub-1', status: 'Active', paymentStatus: 'Paid' } as Partial<Subscription> as Subscription;

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(startAutorenew).mockResolvedValue({} as Awaited<ReturnType<typeof startAutorenew>>);
  jest.mocked(sendAutorenewNumberCode).mockResolvedValue({ maskedNumber: '055 *** 8303', minutes: 15 });
});

it('when the number is the confirmed phone, then no code is asked and the opt-in goes with the number alone', async () => {
  render(<Autorenew subscription={ACTIVE} onChange={jest.fn()} />);
  expect(screen.getByLabelText(/^Mobile money number/)).toHaveValue('0241234567');
  expect(screen.queryByRole('button', { name: 'Send code' })).toBeNull();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Renew automatically' }));
  await waitFor(() => expect(startAutorenew).toHaveBeenCalledWith({ msisdn: '0241234567', network: 'MTN' }));
});

it('when another number is typed, then a code is texted to it and goes with the opt-in', async () => {
  render(<Autorenew subscription={ACTIVE} onChange={jest.fn()} />);
  const user = userEvent.setup();
  const number = screen.getByLabelText(/^Mobile money number/);
  await user.clear(number);
  await user.type(number, '0551238303');
  expect(screen.getByText(/This is not your confirmed phone number/)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  await waitFor(() => expect(sendAutorenewNumberCode).toHaveBeenCalledWith('+233551238303'));
  expect(showSuccess).toHaveBeenCalledWith(
    'Code sent',
    'We have sent a 6-digit code by SMS to 055 *** 8303. It works for 15 minutes.',
  );
  await user.type(screen.getByLabelText(/^Code from the SMS to this number/), '123456');
  await user.click(screen.getByRole('button', { name: 'Renew automatically' }));
  await waitFor(() => expect(startAutorenew).toHaveBeenCalledWith({ msisdn: '0551238303', network: 'MTN', code: '123456' }));
});
