import { useState, type FormEvent } from 'react';
import { FormFieldset } from '@/components/form-fieldset';
import { Honeypot } from '@/components/honeypot';
import { SpinnerOverlay } from '@/components/spinner';
import { newsletterEmailProblem, subscribeToNewsletter } from '@/features/newsletter/api/subscribe';
import { showInfo } from '@/lib/dialogs';
import { usePublicSend } from '@/shared/forms/use-public-send';

/** The footer's newsletter form (on every page: kept light, no form library). */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const { sending, send, honeypot } = usePublicSend();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = newsletterEmailProblem(email);
    if (problem) {
      await showInfo(problem);
      return;
    }
    await send(
      (website) => subscribeToNewsletter({ email: email.trim(), website }),
      ['Subscribed', 'Thank you: our health tips will reach your inbox once a month.'],
      () => setEmail(''),
    );
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
        <Honeypot {...honeypot} />
        <button type="submit" className="btn btn-primary" disabled={sending}>
          Subscribe
        </button>
      </FormFieldset>
      <SpinnerOverlay show={sending} />
    </form>
  );
}
