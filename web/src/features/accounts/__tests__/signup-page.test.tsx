import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import SignupPage from '@/features/accounts/pages/signup-page';
import { register } from '@/shared/session/session';
import { showRefusal } from '@/lib/dialogs';

jest.mock('@/lib/dialogs', () => ({ showRefusal: jest.fn(), showError: jest.fn(), showApiError: jest.fn() }));

jest.mock('@/shared/session/session', () => ({
  ...jest.requireActual('@/shared/session/session'),
  register: jest.fn(),
  login: jest.fn(),
  usePreloadAuth: () => undefined,
}));

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <SignupPage />
    </MemoryRouter>,
  );

describe('the signup page', () => {
  it('when Sign Up is pressed on an empty form, then every required field says so and nothing is sent', async () => {
    renderAt('/signup');
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Sign Up' });
    await user.click(within(form).getByRole('button', { name: 'Sign Up' }));
    for (const msg of [
      'First Name is required.',
      'Last Name is required.',
      'Email Address is required.',
      'City/location is required.',
      'Phone Number is required.',
      'Please select your Gender.',
      'Password is required.',
      'Please tick the agreement to use your health information so that we can care for you.',
    ]) {
      expect(await within(form).findByText(msg)).toBeInTheDocument();
    }
    expect(within(form).getByLabelText(/^First Name/)).toHaveAttribute('aria-invalid', 'true');
    // The dialog says "required" (they are empty) and names them; then the first has the focus.
    expect(showRefusal).toHaveBeenCalledWith(
      'Please fill in all required fields.',
      expect.arrayContaining([
        'First Name — is required.',
        'Please tick the agreement to use your health information so that we can care for you.',
      ]),
    );
    await waitFor(() => expect(within(form).getByLabelText(/^First Name/)).toHaveFocus());
    expect(register).not.toHaveBeenCalled();
  });

  it('when the phone is not a Ghana number, then the field explains the two accepted forms', async () => {
    renderAt('/signup');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Phone Number/), '0712345');
    await user.tab();
    expect(await screen.findByText('Phone Number must be a Ghana number: 0XXXXXXXXX or +233XXXXXXXXX.')).toBeInTheDocument();
  });

  it('when the password toggle is pressed, then the password is shown and hidden again', async () => {
    renderAt('/signup');
    const user = userEvent.setup();
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('when a returnUrl is given, then login shows first, with Login disabled until the form is valid', async () => {
    renderAt('/signup?returnUrl=%2Fpackages');
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Login');
    const login = screen.getByRole('button', { name: 'Login' });
    expect(login).toBeDisabled();
    await user.type(screen.getByLabelText(/^Email Address/), 'ama@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret-123');
    expect(login).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign Up');
  });
});
