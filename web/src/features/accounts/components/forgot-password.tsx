import { Form, Formik } from 'formik';
import { useState } from 'react';
import { object, string } from 'yup';
import { ERROR_TITLE, PASSWORD_RESET_ERROR } from '@api/messages';
import { FormField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { RefuseInvalidSubmit } from '@/components/refuse-invalid-submit';
import { SpinnerOverlay } from '@/components/spinner';
import { sendPasswordReset } from '@/shared/session/session';
import { showError, showSuccess } from '@/lib/dialogs';

const schema = object({
  email: string().trim().required('Email Address is required.').email('Email Address must be a valid email address.'),
});

/** 'Forgot password?': a dialog asking for the e-mail, then Firebase's reset e-mail. */
export function ForgotPassword({ initialEmail = '' }: { initialEmail?: string }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        Forgot password?
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Forgot password">
        <p className="modal-intro">
          Enter the email address you signed up with and we will send you a link to choose a new password.
        </p>
        <Formik
          initialValues={{ email: initialEmail }}
          validationSchema={schema}
          onSubmit={async ({ email }) => {
            setBusy(true);
            try {
              await sendPasswordReset(email);
              setOpen(false);
              await showSuccess('Email Sent', 'Password reset email has been sent. Please check your inbox.');
            } catch {
              await showError(PASSWORD_RESET_ERROR, ERROR_TITLE);
            } finally {
              setBusy(false);
            }
          }}
        >
          <Form noValidate aria-label="Forgot password">
            <RefuseInvalidSubmit />
            <FormField name="email" label="Email Address" type="email" autoComplete="email" required />
            <div className="form-actions">
              <button type="submit" className="btn btn-primary">
                Send reset link
              </button>
            </div>
          </Form>
        </Formik>
      </Modal>
      <SpinnerOverlay show={busy} />
    </>
  );
}
