import { useState, type FormEvent } from 'react';
import { FormFieldset } from '@/components/form-fieldset';
import { Honeypot } from '@/components/honeypot';
import { SpinnerOverlay } from '@/components/spinner';
import { newsletterEmailProblem, subscribeToNewsletter } from '@/features/newsletter/api/subscribe';
import { showApiError, showInfo, showSuccess } from '@/lib/dialogs';

/** The footer's newsletter form (on every page: kept light, no form library). */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = newsletterEmailProblem(email);
    if (problem) {
      await showInfo(problem);
      return;
    }
    setBusy(true);
    try {
      await subscribeToNewsletter({ email: email.trim(), website });
      setEmail('');
      setBusy(false);
      await showSuccess('Subscribed', 'Thank you: our health tips will reach your inbox once a month.');
    } catch (err) {
      setBusy(false);
      await showApiError(err);
    }
  }

  return (
    <form className="newsletter-form" onSubmit={onSubmit} noValidate aria-label="Newsletter">
      <FormFieldset>
        <label htmlFor="newsletter-email" className="visually-hidden">
          Email Address
        </label>
        <input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          placeholder="Your email address"
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Honeypot value={website} onChange={setWebsite} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Subscribe
        </button>
      </FormFieldset>
      <SpinnerOverlay show={busy} />
    </form>
  );
}
