import { Formik, type FormikHelpers } from 'formik';
import { Send } from 'lucide-react';
import { FormField } from '@/components/form-field';
import { FormFieldset } from '@/components/form-fieldset';
import { Honeypot } from '@/components/honeypot';
import { SpinnerOverlay } from '@/components/spinner';
import { feedbackSchema, sendFeedback, type FeedbackRequest } from '@/features/contact/api/send-feedback';
import { showError } from '@/lib/dialogs';
import { usePublicSend } from '@/shared/forms/use-public-send';

const EMPTY: FeedbackRequest = { fullName: '', telephone: '', email: '', message: '' };
const ALL_TOUCHED = { fullName: true, telephone: true, email: true, message: true };

/** The contact form: 'Send Message' stays disabled until every field is valid. */
export function ContactForm() {
  const { sending, send: sendPublic, honeypot } = usePublicSend();

  const send = (values: FeedbackRequest, { resetForm }: FormikHelpers<FeedbackRequest>) =>
    sendPublic(
      (website) => sendFeedback({ ...feedbackSchema.cast(values), website }),
      ['Message sent', 'Thank you for reaching out. Our care team will get back to you shortly.'],
      () => resetForm(),
    );

  return (
    <Formik initialValues={EMPTY} validationSchema={feedbackSchema} onSubmit={send}>
      {({ values, handleSubmit, setTouched }) => {
        // Checked synchronously on every render, so the button is never enabled for a moment on load.
        const isValid = feedbackSchema.isValidSync(values);
        // The site's alert for an incomplete form; every field shows what is missing.
        const refuseIncomplete = () => {
          void setTouched(ALL_TOUCHED);
          void showError('All fields required');
        };
        return (
          <form
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
              <Honeypot {...honeypot} />
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
