import { useState } from 'react';
import { showApiError, showSuccess } from '@/lib/dialogs';

/**
 * The sending of a public form (contact, enquiry, newsletter): the honeypot's value goes with the
 * request (components/honeypot.tsx), `sending` shows the spinner while it goes, then `done` (the
 * form clears or closes) and the thank-you, or the API's refusal in its own words.
 */
export function usePublicSend() {
  const [sending, setSending] = useState(false);
  const [website, setWebsite] = useState('');

  async function send(request: (website: string) => Promise<unknown>, thanks: [title: string, text: string], done: () => void) {
    setSending(true);
    try {
      await request(website);
      done();
      setSending(false);
      await showSuccess(...thanks);
    } catch (err) {
      setSending(false);
      await showApiError(err);
    }
  }

  return { sending, send, honeypot: { value: website, onChange: setWebsite } };
}
