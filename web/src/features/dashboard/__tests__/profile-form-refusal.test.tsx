/**
 * A refused form names the refused fields in the words the form shows, says "required" only
 * when a required field is empty, and moves focus to the first refused field once the dialog
 * has closed: the profile form, with real Formik and the API's own schema (@api/account-requests),
 * refused by its schema and by the server.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProfileForm } from '@/features/dashboard/components/profile-form';
import { ApiError } from '@/lib/api-client';
import { showRefusal } from '@/lib/dialogs';
import { updateProfile } from '@/shared/session/session';
import type { Patient } from '@/shared/patient/patient';

jest.mock('@/lib/dialogs', () => ({ showRefusal: jest.fn(), showSuccess: jest.fn(), showApiError: jest.fn() }));
jest.mock('@/shared/session/session', () => ({ updateProfile: jest.fn() }));

const PATIENT = {
  patientId: 'uid-1',
  firstName: 'Ama',
  lastName: 'Owusu',
  emailAddress: 'ama@example.com',
  contactNumber: '+233241234567',
  patientLocation: 'Kumasi',
  gender: 'FEMALE',
} as Patient;

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

function renderProfile() {
  render(<ProfileForm patient={PATIENT} />);
  return userEvent.setup();
}

it('names an invalid optional field in words, without "required", and focuses it once the dialog closes', async () => {
  const user = renderProfile();
  await user.type(screen.getByLabelText('Date of birth'), '2999-01-01');
  await user.click(screen.getByRole('button', { name: /save/i }));

  await waitFor(() => expect(showRefusal).toHaveBeenCalledTimes(1));
  const { sentence, lines } = dialogWords();
  expect(sentence).toBeNull();
  expect(lines).toEqual(['Date of birth — must not be in the future.']);
  expect(lines.join(' ')).not.toMatch(/dateOfBirth|required/i);
  // While the dialog is open the page keeps its focus; it moves when the dialog closes.
  expect(screen.getByLabelText('Date of birth')).not.toHaveFocus();
  await act(async () => closeDialog());
  await waitFor(() => expect(screen.getByLabelText('Date of birth')).toHaveFocus());
  expect(updateProfile).not.toHaveBeenCalled();
});

it('says "required" when a required field is empty, naming it, and focuses it', async () => {
  const user = renderProfile();
  await user.clear(screen.getByLabelText(/^Last Name/));
  await user.click(screen.getByRole('button', { name: /save/i }));

  await waitFor(() => expect(showRefusal).toHaveBeenCalledTimes(1));
  expect(dialogWords()).toEqual({ sentence: 'Please fill in all required fields.', lines: ['Last Name — is required.'] });
  await act(async () => closeDialog());
  await waitFor(() => expect(screen.getByLabelText(/^Last Name/)).toHaveFocus());
});

it("names the field of the server's 400 in words and focuses it", async () => {
  const msg = "Next of kin's phone must be at most 120 characters.";
  jest.mocked(updateProfile).mockRejectedValue(new ApiError(400, msg, { fields: { nextOfKinContact: msg } }));
  const user = renderProfile();
  await user.type(screen.getByLabelText("Next of kin's phone"), '024 000 0000');
  await user.click(screen.getByRole('button', { name: /save/i }));

  await waitFor(() => expect(showRefusal).toHaveBeenCalledTimes(1));
  expect(dialogWords()).toEqual({ sentence: null, lines: ["Next of kin's phone — must be at most 120 characters."] });
  await act(async () => closeDialog());
  const field = screen.getByLabelText("Next of kin's phone");
  await waitFor(() => expect(field).toHaveFocus());
  // The server's words stay beside the field.
  expect(field).toHaveAccessibleDescription(msg);
});
