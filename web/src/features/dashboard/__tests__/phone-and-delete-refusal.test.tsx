/**
 * The phone card's code form and 'Delete my account' refuse the way every form does
 * (lib/form-refusal.ts), with real Formik and the API's own rules: the dialog names the
 * refused field in words, says "required" only when it is empty, and focus moves to the
 * field once the dialog closes; the server's 400 with data.fields is said the same way.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { DeleteAccount } from '@/features/dashboard/components/delete-account';
import { PhoneCard } from '@/features/dashboard/components/phone-card';
import { ApiError } from '@/lib/api-client';
import { confirm, showRefusal } from '@/lib/dialogs';
import { sendPhoneCode, type Patient } from '@/shared/patient/patient';
import { confirmPhone, deleteAccount } from '@/shared/session/session';

jest.setTimeout(20_000);

jest.mock('@/lib/dialogs', () => ({
  showRefusal: jest.fn(),
  showSuccess: jest.fn(),
  showError: jest.fn(),
  showApiError: jest.fn(),
  confirm: jest.fn(),
}));
jest.mock('@/shared/session/session', () => ({ confirmPhone: jest.fn(), deleteAccount: jest.fn() }));
jest.mock('@/shared/patient/patient', () => ({
  ...jest.requireActual('@/shared/patient/patient'),
  sendPhoneCode: jest.fn(),
}));

const PATIENT = { patientId: 'uid-1', contactNumber: '+233241234567' } as Patient;

/** The dialog stays open until the test closes it. */
let closeDialog: () => void;
beforeEach(() => {
  jest.clearAllMocks();
  jest
    .mocked(sendPhoneCode)
    .mockResolvedValue({ maskedNumber: '024 *** **67', minutes: 10 } as Awaited<ReturnType<typeof sendPhoneCode>>);
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

async function openCodeForm() {
  render(<PhoneCard patient={PATIENT} />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  return { user, field: await screen.findByLabelText(/^Code from the SMS/) };
}

it('phone card: a short code is named in words, without "required", and focused once the dialog closes', async () => {
  const { user, field } = await openCodeForm();
  await user.type(field, '123');
  await user.click(screen.getByRole('button', { name: 'Confirm phone' }));

  await waitFor(() => expect(showRefusal).toHaveBeenCalledTimes(1));
  expect(dialogWords()).toEqual({
    sentence: null,
    lines: ['Code from the SMS to 024 *** **67 — Code must be the 6 digits from the SMS.'],
  });
  expect(field).not.toHaveFocus();
  await act(async () => closeDialog());
  await waitFor(() => expect(field).toHaveFocus());
  expect(confirmPhone).not.toHaveBeenCalled();
});

it("phone card: the server's refusal of the code is named in words and focused", async () => {
  const msg = 'Code is not the one we sent: check the SMS or send a new code.';
  jest.mocked(confirmPhone).mockRejectedValue(new ApiError(400, msg, { fields: { code: msg } }));
  const { user, field } = await openCodeForm();
  await user.type(field, '123456');
  await user.click(screen.getByRole('button', { name: 'Confirm phone' }));

  await waitFor(() => expect(showRefusal).toHaveBeenCalledTimes(1));
  expect(dialogWords()).toEqual({ sentence: null, lines: [`Code from the SMS to 024 *** **67 — ${msg}`] });
  await act(async () => closeDialog());
  await waitFor(() => expect(field).toHaveFocus());
  expect(field).toHaveAccessibleDescription(msg);
});

it('delete account: an empty password says "required", names the field and focuses it; nothing is asked or deleted', async () => {
  render(
    <MemoryRouter>
      <DeleteAccount />
    </MemoryRouter>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));

  await waitFor(() => expect(showRefusal).toHaveBeenCalledTimes(1));
  expect(dialogWords()).toEqual({
    sentence: 'Please fill in all required fields.',
    lines: ['Password — Please enter your password to delete your account.'],
  });
  const field = screen.getByLabelText(/^Password/);
  expect(field).not.toHaveFocus();
  await act(async () => closeDialog());
  await waitFor(() => expect(field).toHaveFocus());
  expect(confirm).not.toHaveBeenCalled();
  expect(deleteAccount).not.toHaveBeenCalled();
});
