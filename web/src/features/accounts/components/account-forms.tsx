/** Sign Up and Login on /signup (pages/signup-page.tsx), in a chunk of their own with Formik and Yup. */
import { Form, Formik, useField } from 'formik';
import { FormField } from '@/components/form-field';
import { FormFieldset } from '@/components/form-fieldset';
import { RefuseInvalidSubmit } from '@/components/refuse-invalid-submit';
import { SITE } from '@/content/site';
import type { LoginForm, RegisterForm } from '@/shared/patient/patient';
import { loginSchema, registerSchema } from '@/shared/patient/patient-schemas';
import { GenderField } from '@/shared/forms/choice-fields';
import { ForgotPassword } from '@/features/accounts/components/forgot-password';
import { PasswordField } from '@/shared/session/password-field';
import { login, register } from '@/shared/session/session';

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

export function RegisterView({ onDone, busy }: { onDone: (run: () => Promise<void>) => Promise<void>; busy: boolean }) {
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

export function LoginView({ onDone, busy }: { onDone: (run: () => Promise<void>) => Promise<void>; busy: boolean }) {
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
