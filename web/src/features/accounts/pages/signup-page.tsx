import { CalendarCheck, HeartPulse, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ERROR_TITLE, GENERIC_ERROR } from '@api/messages';
import { lazyPart } from '@/components/lazy-part';
import { usePageTitle } from '@/components/page-title';
import { SpinnerOverlay } from '@/components/spinner';
import { SITE } from '@/content/site';
import { authErrorMessage, isAuthError } from '@/shared/session/auth-errors';
import { afterLoginPath, getSession, isActivated, safeReturnUrl, usePreloadAuth } from '@/shared/session/session';
import { showApiError, showError } from '@/lib/dialogs';
import { ApiError } from '@/lib/api-client';
import '../accounts.css';

// The forms, with Formik and Yup, follow the page's first load (docs/performance.md).
const forms = () => import('@/features/accounts/components/account-forms');
const RegisterView = lazyPart(() => forms().then((m) => m.RegisterView));
const LoginView = lazyPart(() => forms().then((m) => m.LoginView));
const ForgotPassword = lazyPart(() => import('@/features/accounts/components/forgot-password').then((m) => m.ForgotPassword));

type Mode = 'register' | 'login';

/** Signup or login failed: the 'Oops...' dialog with the mapped or the server's message. */
function showFailure(err: unknown) {
  if (isAuthError(err)) return showError(authErrorMessage(err), ERROR_TITLE);
  if (err instanceof ApiError) return showApiError(err, ERROR_TITLE);
  return showError(GENERIC_ERROR, ERROR_TITLE);
}

/** The account-check path, keeping returnUrl for after verification. */
const accountCheckPath = (returnUrl: string | undefined) =>
  returnUrl ? `/auth?returnUrl=${encodeURIComponent(returnUrl)}` : '/auth';

/** /signup: one screen toggling register and login; returnUrl brings the patient back after login. */
export default function SignupPage() {
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  const [mode, setMode] = useState<Mode>(
    params.get('mode') === 'login' || (returnUrl && params.get('mode') !== 'register') ? 'login' : 'register',
  );
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  usePreloadAuth();
  usePageTitle(mode === 'register' ? 'Sign Up' : 'Login');

  /** Runs a flow, then sends the patient on: Activated to returnUrl or the dashboard, Pending to the account check. */
  async function run(flow: () => Promise<void>) {
    setBusy(true);
    try {
      await flow();
      navigate(isActivated(getSession()) ? afterLoginPath(returnUrl) : accountCheckPath(returnUrl));
    } catch (err) {
      await showFailure(err);
    } finally {
      setBusy(false);
    }
  }

  const isRegister = mode === 'register';
  return (
    <section className="page container account-page">
      <aside className="account-aside">
        <h2>Your health, one tap away</h2>
        <ul>
          <li>
            <CalendarCheck aria-hidden="true" /> Book doctors, nurses and lab tests from your phone
          </li>
          <li>
            <HeartPulse aria-hidden="true" /> Care at home across Accra, and online anywhere in Ghana
          </li>
          <li>
            <ShieldCheck aria-hidden="true" /> Your records stay private and are never sold
          </li>
        </ul>
      </aside>
      <div className="account-card">
        <h1>{isRegister ? 'Sign Up' : 'Login'}</h1>
        <p className="account-intro">
          {isRegister
            ? 'Create your account to book appointments and subscribe to a care package.'
            : 'Welcome back. Log in to see your appointments and your package.'}
        </p>
        {isRegister ? <RegisterView onDone={run} busy={busy} /> : <LoginView onDone={run} busy={busy} />}
        <p className="account-switch">
          {isRegister ? 'Already have an account?' : "Don't have an account?"}{' '}
          <button type="button" className="link-button" onClick={() => setMode(isRegister ? 'login' : 'register')}>
            {isRegister ? 'Login' : 'Sign Up'}
          </button>
        </p>
        {isRegister && (
          <p className="account-switch">
            <ForgotPassword />
          </p>
        )}
        <p className="account-legal">
          By continuing you accept our{' '}
          <a href={SITE.termsUrl} target="_blank" rel="noreferrer">
            Terms and Conditions
          </a>{' '}
          and {/* A new tab, so what is typed in the form stays. */}
          <Link to={SITE.privacyUrl} target="_blank">
            Privacy policy
          </Link>
          .
        </p>
      </div>
      <SpinnerOverlay show={busy} />
    </section>
  );
}
