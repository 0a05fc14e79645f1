import { useState, type FormEvent } from 'react';
import { showApiError, showInfo, showSuccess } from '@/lib/dialogs';
import { subscribeToNewsletter } from '@/features/newsletter/api/subscribe';

export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) {
      await showInfo('Please enter your Email Address');
      return;
    }
    setBusy(true);
    try {
      await subscribeToNewsletter({ email: email.trim() });
      setEmail('');
      await showSuccess('Subscribed', 'Thank you: our health tips will reach your inbox.');
    } catch (err) {
      await showApiError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="newsletter-form" onSubmit={onSubmit} noValidate>
      <label htmlFor="newsletter-email" className="visually-hidden">
        Email Address
      </label>
      <input
        id="newsletter-email"
        type="email"
        autoComplete="email"
        placeholder="Your email address"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Subscribe
      </button>
    </form>
  );
}
