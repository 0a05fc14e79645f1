import { Form, Formik } from 'formik';
import { useNavigate } from 'react-router-dom';
import { object, string } from 'yup';
import { RECENT_SIGN_IN_MINUTES } from '@api/retention';
import { FormFieldset } from '@/components/form-fieldset';
import { RefuseInvalidSubmit } from '@/components/refuse-invalid-submit';
import { authErrorMessage, isAuthError } from '@/shared/session/auth-errors';
import { PasswordField } from '@/shared/session/password-field';
import { deleteAccount } from '@/shared/session/session';
import { confirm, showApiError, showError, showSuccess } from '@/lib/dialogs';

const passwordSchema = object({ password: string().required('Please enter your password to delete your account.') });

/**
 * 'Delete my account': for ever, so the password is asked again (the server wants a sign-in
 * of the last few minutes). Upcoming appointments must be cancelled first; the server says so.
 */
export function DeleteAccount() {
  const navigate = useNavigate();
  return (
    <section className="profile-card danger-zone" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete my account</h2>
      <p>
        Your profile, prescriptions and contact details are erased, and your appointments and orders no longer carry your name.
        Payment records are kept without your name for as long as tax law requires. Cancel any upcoming appointment first. This
        cannot be undone.
      </p>
      <Formik
        initialValues={{ password: '' }}
        validationSchema={passwordSchema}
        onSubmit={async ({ password }, { resetForm }) => {
          if (
            !(await confirm('Delete your account?', 'Yes, delete it', 'Your account and your details will be erased for ever.'))
          ) {
            return;
          }
          try {
            await deleteAccount(password);
            resetForm();
            navigate('/signup', { replace: true });
            await showSuccess('Deleted!', 'Your account has been deleted. We have e-mailed you a confirmation.');
          } catch (err) {
            if (isAuthError(err)) await showError(authErrorMessage(err));
            else await showApiError(err);
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate className="form-grid" aria-label="Delete my account">
            <RefuseInvalidSubmit />
            <FormFieldset>
              <p className="field-hint">
                For your safety, enter your password again (it must be typed within {RECENT_SIGN_IN_MINUTES} minutes of deleting).
              </p>
              <PasswordField name="password" label="Password" autoComplete="current-password" />
              <button type="submit" className="btn btn-danger" disabled={isSubmitting} aria-busy={isSubmitting}>
                {isSubmitting ? 'Deleting ...' : 'Delete my account'}
              </button>
            </FormFieldset>
          </Form>
        )}
      </Formik>
    </section>
  );
}
