import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '@/components/page-title';
import { PageHero } from '@/shared/page-shell/page-sections';
import { SITE } from '@/content/site';
import { apiMessage, NETWORK_ERROR } from '@/lib/api-client';
import { unsubscribeFromNewsletter } from '../api/unsubscribe';
import '../privacy.css';

const INCOMPLETE_LINK = `This unsubscribe link is not complete. Please use the link in your latest newsletter e-mail, or write to us at ${SITE.email}.`;

/**
 * The page the link in every newsletter mail opens. Opening it changes nothing (mail
 * scanners open every link); the reader's press of Unsubscribe does.
 */
export default function UnsubscribePage() {
  usePageTitle('Unsubscribe from the newsletter');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState(token ? '' : INCOMPLETE_LINK);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setError('');
    try {
      await unsubscribeFromNewsletter(token);
      setDone(true);
    } catch (err) {
      setError(apiMessage(err, NETWORK_ERROR));
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <PageHero eyebrow="Newsletter" title="Unsubscribe from our newsletter" />

      <div className="section container">
        <div className="privacy unsubscribe">
          {done ? (
            <>
              <p className="privacy-notice" role="status">
                You have been unsubscribed from our newsletter, and your e-mail address has been removed from our list. You will
                not receive it again.
              </p>
              <p>
                Changed your mind? You can subscribe again at any time at the bottom of any page. Read how we look after your
                information in our <Link to="/privacy">privacy policy</Link>.
              </p>
              <Link to="/" className="btn btn-outline">
                Back to the home page
              </Link>
            </>
          ) : (
            <form onSubmit={onSubmit} noValidate>
              <p>
                Press Unsubscribe and we will stop sending you the {SITE.brand} newsletter and delete your e-mail address from our
                list at once. Nothing else changes: your account, appointments and payments stay as they are.
              </p>
              <div role="alert" aria-live="assertive">
                {error && <p className="unsubscribe-error">{error}</p>}
              </div>
              {token && (
                <button type="submit" className="btn btn-primary" disabled={sending} aria-busy={sending}>
                  Unsubscribe
                </button>
              )}
            </form>
          )}
        </div>
      </div>
    </>
  );
}
