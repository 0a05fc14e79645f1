/**
 * The profile's Phone number card when the clinic keeps a record under the confirmed number that
 * did not join the account (docs/front-desk.md 'Claiming'): it says why and what to do, offers a
 * new code only where a retry is allowed, and tells the outcome of a confirmation in its dialog.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PhoneCard } from '@/features/dashboard/components/phone-card';
import { showSuccess } from '@/lib/dialogs';
import { sendPhoneCode, type Patient } from '@/shared/patient/patient';
import { confirmPhone } from '@/shared/session/session';

jest.setTimeout(20_000);

jest.mock('@/lib/dialogs', () => ({ showSuccess: jest.fn(), showRefusal: jest.fn(), showApiError: jest.fn() }));
jest.mock('@/shared/session/session', () => ({ confirmPhone: jest.fn() }));
jest.mock('@/shared/patient/patient', () => ({
  ...jest.requireActual('@/shared/patient/patient'),
  sendPhoneCode: jest.fn(),
}));

const CONFIRMED = {
  patientId: 'uid-1',
  contactNumber: '+233241234567',
  phoneVerifiedAt: '2098-12-20T09:00:00.000Z',
} as Patient;
const AT = '2098-12-20T09:00:00.000Z';

beforeEach(() => {
  jest.clearAllMocks();
  jest
    .mocked(sendPhoneCode)
    .mockResolvedValue({ maskedNumber: '024 *** **67', minutes: 15 } as Awaited<ReturnType<typeof sendPhoneCode>>);
});

it('when the claim waits for the desk, then the card says so and offers no new code', () => {
  render(<PhoneCard patient={{ ...CONFIRMED, clinicClaim: { status: 'waiting-for-desk', at: AT } }} />);
  expect(screen.getByRole('status')).toHaveTextContent(
    'The front desk must confirm it is you before it joins your account: visit or call the clinic, with an ID.',
  );
  expect(screen.queryByRole('button', { name: /Send/ })).toBeNull();
});

it('when the claim is locked, then the card sends the patient to the desk and offers no new code', () => {
  render(<PhoneCard patient={{ ...CONFIRMED, clinicClaim: { status: 'locked', at: AT } }} />);
  expect(screen.getByRole('status')).toHaveTextContent("Visit the clinic's front desk with an ID");
  expect(screen.queryByRole('button', { name: /Send/ })).toBeNull();
});

it('when the year of birth did not match, then a new code can be sent to try again, and the dialog tells the outcome', async () => {
  render(<PhoneCard patient={{ ...CONFIRMED, clinicClaim: { status: 'try-again', at: AT, triesLeft: 2 } }} />);
  expect(screen.getByRole('status')).toHaveTextContent('then send a new code to try again (2 tries left).');
  jest.mocked(confirmPhone).mockResolvedValue({ ...CONFIRMED, clinicClaim: { status: 'locked', at: AT } });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  await user.type(await screen.findByLabelText(/^Code from the SMS/), '123456');
  await user.click(screen.getByRole('button', { name: 'Confirm phone' }));
  await waitFor(() => expect(showSuccess).toHaveBeenCalledTimes(2));
  expect(confirmPhone).toHaveBeenCalledWith('123456');
  expect(jest.mocked(showSuccess).mock.calls[1]).toEqual([
    'Phone confirmed',
    expect.stringMatching(/^Your phone number is confirmed\. The clinic keeps a record .* can no longer be added online\./),
  ]);
});
