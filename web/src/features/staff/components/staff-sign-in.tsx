import { useId, useState, type FormEvent } from 'react';
import { authErrorMessage } from '@/shared/session/auth-errors';
import { staffSignIn } from '@/features/staff/staff-session';

/** The console's sign-in: e-mail and password of a staff account (Firebase Auth); `notice` says why they were signed out. */
export function StaffSignIn({ notice }: { notice?: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const emailId = useId();
  const passwordId = useId();
  const errorId = useId();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    setBusy(true);
    setError('');
    try {
      await staffSignIn(String(data.get('email') ?? ''), String(data.get('password') ?? ''));
    } catch (err) {
      setError(authErrorMessage(err));
      setBusy(false);
    }
  }

  return (
    <div className="staff-sign-in">
      <h1>Staff sign in</h1>
      <p>The clinic's console: appointments, enquiries, orders and refunds.</p>
      {notice && (
        <p className="staff-notice" role="status">
          You have been signed out. {notice}
        </p>
      )}
      <form aria-label="Staff sign in" onSubmit={(e) => void onSubmit(e)} aria-describedby={error ? errorId : undefined}>
        <div className="field">
          <label htmlFor={emailId}>Email Address</label>
          <input id={emailId} name="email" type="email" autoComplete="username" required />
        </div>
        <div className="field">
          <label htmlFor={passwordId}>Password</label>
          <input id={passwordId} name="password" type="password" autoComplete="current-password" required />
        </div>
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </div>
  );
}
