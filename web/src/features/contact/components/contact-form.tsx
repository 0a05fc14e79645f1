import { Formik, type FormikHelpers, type FormikProps } from 'formik';
import { Send } from 'lucide-react';
import { useRef, useState } from 'react';
import { FormField } from '@/components/form-field';
import { FormFieldset } from '@/components/form-fieldset';
import { Honeypot } from '@/components/honeypot';
import { SpinnerOverlay } from '@/components/spinner';
import { feedbackSchema, sendFeedback, type FeedbackRequest } from '@/features/contact/api/send-feedback';
import { showSuccess } from '@/lib/dialogs';

const EMPTY: FeedbackRequest = { fullName: '', telephone: '', email: '', message: '' };
/** The spec's words for an incomplete contact form (title 'Oops'). */
const ALL_FIELDS_REQUIRED = 'All fields required';

/** The contact form: 'Send Message' stays disabled until every field is valid. */
export function ContactForm() {
  const [sending, setSending] = useState(false);
  const [website, setWebsite] = useState('');
  const formRef = useRef<HTMLFormElement>(null);

  async function send(values: FeedbackRequest, formik: FormikHelpers<FeedbackRequest>) {
    setSending(true);
    try {
      await sendFeedback({ ...feedbackSchema.cast(values), website });
      formik.resetForm();
      setSending(false);
      await showSuccess('Message sent', 'Thank you for reaching out. Our care team will get back to you shortly.');
    } catch (err) {
      setSending(false);
      const { refuseSent } = await import('@/lib/form-refusal');
      await refuseSent(err, formik, values, formRef.current);
    }
  }

  return (
    <Formik initialValues={EMPTY} validationSchema={feedbackSchema} onSubmit={send}>
      {(formik: FormikProps<FeedbackRequest>) => {
        const { values, handleSubmit } = formik;
        // Checked synchronously on every render, so the button is never enabled for a moment on load.
        const isValid = feedbackSchema.isValidSync(values);
        // The site's alert for an incomplete form names the fields; each shows what is missing
        // and focus moves to the first once the dialog closes (lib/form-refusal.ts).
        const refuseIncomplete = () =>
          void import('@/lib/form-refusal').then(({ checkForm }) => checkForm(formik, formRef.current, ALL_FIELDS_REQUIRED));
        return (
          <form
            ref={formRef}
            className="contact-form"
            aria-label="Send us a message"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (isValid) handleSubmit(e);
              else refuseIncomplete();
            }}
            onKeyDown={(e) => {
              // Browsers ignore Enter while the submit button is disabled: say why instead.
              if (e.key === 'Enter' && e.target instanceof HTMLInputElement && !isValid) {
                e.preventDefault();
                refuseIncomplete();
              }
            }}
          >
            <FormFieldset>
              <div className="form-grid two-columns">
                <FormField name="fullName" label="Your Name" required autoComplete="name" maxLength={100} />
                <FormField name="telephone" label="Phone Number" required type="tel" autoComplete="tel" inputMode="tel" />
                <FormField name="email" label="Your Email" required type="email" autoComplete="email" className="span-all" />
                <FormField as="textarea" name="message" label="Message" required rows={6} maxLength={5000} className="span-all" />
              </div>
              <Honeypot value={website} onChange={setWebsite} />
              <div className="form-actions">
                <button type="submit" className="btn btn-primary" disabled={!isValid || sending}>
                  <Send aria-hidden="true" size={18} /> Send Message
                </button>
              </div>
            </FormFieldset>
            <SpinnerOverlay show={sending} />
          </form>
        );
      }}
    </Formik>
  );
}
