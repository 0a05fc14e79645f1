import { Form, Formik, useField } from 'formik';
import { CalendarCheck, HeartPulse, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ERROR_TITLE, GENERIC_ERROR } from '@api/messages';
import { FormField } from '@/components/form-field';
import { FormFieldset } from '@/components/form-fieldset';
import { RefuseInvalidSubmit } from '@/components/refuse-invalid-submit';
import { usePageTitle } from '@/components/page-title';
import { SpinnerOverlay } from '@/components/spinner';
import { SITE } from '@/content/site';
import type { LoginForm, RegisterForm } from '@/shared/patient/patient';
import { loginSchema, registerSchema } from '@/shared/patient/patient-schemas';
import { GenderField } from '@/shared/forms/choice-fields';
import { authErrorMessage, isAuthError } from '@/shared/session/auth-errors';
import { ForgotPassword } from '@/features/accounts/components/forgot-password';
import { PasswordField } from '@/shared/session/password-field';
import {
  afterLoginPath,
  getSession,
  isActivated,
  login,
  register,
  safeReturnUrl,
  usePreloadAuth,
} from '@/shared/session/session';
import { showApiError, showError } from '@/lib/dialogs';
import { ApiError } from '@/lib/api-client';
import '../accounts.css';

type Mode = 'register' | 'login';

const REGISTER_INITIAL: RegisterForm = {
  firstName: '',
  lastName: '',
  emailAddress: '',
  patientLocation: '',
  contactNumber: '',
  gender: '',
  password: '',
  consentForTreatment: false,
};

/** Signup or login failed: the 'Oops...' dialog with the mapped or the server's message. */
function showFailure(err: unknown) {
  if (isAuthError(err)) return showError(authErrorMessage(err), ERROR_TITLE);
  if (err instanceof ApiError) return showApiError(err, ERROR_TITLE);
  return showError(GENERIC_ERROR, ERROR_TITLE);
}

/** The account-check path, keeping returnUrl for after verification. */
const accountCheckPath = (returnUrl: string | undefined) =>
  returnUrl ? `/auth?returnUrl=${encodeURIComponent(returnUrl)}` : '/auth';

function ConsentField() {
  const [field, meta] = useField({ name: 'consentForTreatment', type: 'checkbox' });
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <div className={`field consent${invalid ? ' invalid' : ''}`}>
      <label className="checkbox-label">
        <input
          type="checkbox"
          {...field}
          aria-required
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? 'consent-error' : undefined}
        />
        <span>
          I agree that {SITE.brand} may collect and use my health information to provide my care, as Ghana&apos;s Data Protection
          Act, 2012 (Act 843) allows. It is kept confidential and shared only with the clinicians who treat me.
        </span>
      </label>
      {invalid && (
        <p id="consent-error" className="field-error" role="alert">
          {meta.error}
        </p>
      )}
    </div>
  );
}

function RegisterView({ onDone, busy }: { onDone: (run: () => Promise<void>) => Promise<void>; busy: boolean }) {
  return (
    <Formik<RegisterForm>
      initialValues={REGISTER_INITIAL}
      validationSchema={registerSchema}
      onSubmit={(values) =>
        onDone(async () => {
          await register(values);
        })
      }
    >
      <Form noValidate className="form-grid two-columns" aria-label="Sign Up">
        <RefuseInvalidSubmit />
        <FormFieldset>
          <FormField name="firstName" label="First Name" autoComplete="given-name" required />
          <FormField name="lastName" label="Last Name" autoComplete="family-name" required />
          <FormField name="emailAddress" label="Email Address" type="email" autoComplete="email" required />
          <FormField
            name="patientLocation"
            label="City/location"
            autoComplete="address-level2"
            placeholder="e.g. Accra, East Legon"
            required
          />
          <FormField
            name="contactNumber"
            label="Phone Number"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="024 123 4567"
            required
          />
          <GenderField required />
          <div className="span-all">
            <PasswordField name="password" label="Password" autoComplete="new-password" />
          </div>
          <div className="span-all">
            <ConsentField />
          </div>
          <div className="span-all">
            <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
              Sign Up
            </button>
          </div>
        </FormFieldset>
      </Form>
    </Formik>
  );
}

function LoginView({ onDone, busy }: { onDone: (run: () => Promise<void>) => Promise<void>; busy: boolean }) {
  return (
    <Formik<LoginForm>
      initialValues={{ email: '', password: '' }}
      validationSchema={loginSchema}
      validateOnMount
      onSubmit={(values) =>
        onDone(async () => {
          await login(values);
        })
      }
    >
      {({ dirty, isValid, values }) => (
        <Form noValidate className="form-grid" aria-label="Login">
          <FormFieldset>
            <FormField name="email" label="Email Address" type="email" autoComplete="email" required />
            <PasswordField name="password" label="Password" autoComplete="current-password" />
            <div className="forgot-row">
              <ForgotPassword initialEmail={values.email} />
            </div>
            <button type="submit" className="btn btn-primary btn-block" disabled={!dirty || !isValid || busy}>
              Login
            </button>
          </FormFieldset>
        </Form>
      )}
    </Formik>
  );
}

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
