import { Form, Formik } from 'formik';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { FormField } from '@/components/form-field';
import { usePageTitle } from '@/components/page-title';
import { RefuseInvalidSubmit } from '@/components/refuse-invalid-submit';
import { Loading, SpinnerOverlay } from '@/components/spinner';
import type { VerifyForm } from '@/shared/patient/patient';
import { verifySchema } from '@/shared/patient/patient-schemas';
import { afterLoginPath, isActivated, resendCode, safeReturnUrl, useSession, verifyAccount } from '@/shared/session/session';
import { showSuccess } from '@/lib/dialogs';
import { useBusy } from '@/lib/use-busy';
import '../accounts.css';

/** /auth, the account check: the code from the e-mail (never the SMS one) activates the account. */
export default function AccountCheckPage() {
  usePageTitle('Verify your account');
  const session = useSession();
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  const navigate = useNavigate();
  const [busy, withSpinner] = useBusy();

  if (session.status === 'loading' || (session.status === 'signed-in' && session.patient === undefined)) {
    return <Loading />;
  }
  if (session.status === 'signed-out') {
    const back = returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : '';
    return <Navigate to={`/signup${back}`} replace />;
  }
  if (isActivated(session)) return <Navigate to={afterLoginPath(returnUrl)} replace />;

  const onVerify = ({ uniqueCode }: VerifyForm) =>
    withSpinner(async () => {
      await verifyAccount(uniqueCode.trim());
      navigate(afterLoginPath(returnUrl), { replace: true });
    });

  const onResend = () =>
    withSpinner(async () => {
      await resendCode();
      await showSuccess(
        'Email Sent',
        `A new verification code is on its way to ${session.email}. If it does not arrive, please wait 5 minutes before asking again.`,
      );
    });

  return (
    <section className="page container">
      <div className="account-card account-narrow">
        <h1>Verify your account</h1>
        <p className="account-intro">
          We e-mailed a verification code to <strong>{session.email}</strong>. Enter the code from that e-mail below to activate
          your account. It can take a few minutes to arrive (check your spam folder too) and it works for 24 hours. The code we
          text to your phone is a different one: it confirms your phone number, in your profile.
        </p>
        <Formik<VerifyForm> initialValues={{ uniqueCode: '' }} validationSchema={verifySchema} onSubmit={onVerify}>
          <Form noValidate aria-label="Verify your account">
            <RefuseInvalidSubmit />
            <FormField
              name="uniqueCode"
              label="Verification code from the e-mail"
              className="code-field"
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
              required
            />
            <div className="account-actions two-up">
              <button type="submit" className="btn btn-primary">
                Verify
              </button>
              <button type="button" className="btn btn-outline" onClick={onResend}>
                Resend Verification Email
              </button>
              <button type="button" className="btn btn-outline" onClick={() => navigate('/signup')}>
                Go Back
              </button>
            </div>
          </Form>
        </Formik>
        <p className="account-legal">Asked for a new code? Please wait 5 minutes between requests.</p>
      </div>
      <SpinnerOverlay show={busy} />
    </section>
  );
}
