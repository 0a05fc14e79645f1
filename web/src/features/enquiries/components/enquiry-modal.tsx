import { Formik } from 'formik';
import { FormField } from '@/components/form-field';
import { Honeypot } from '@/components/honeypot';
import { Modal } from '@/components/modal';
import { SpinnerOverlay } from '@/components/spinner';
import { enquirySchema, sendEnquiry, type EnquiryRequest } from '@/features/enquiries/api/send-enquiry';
import { ORGANIZATION_TYPES } from '@/lib/choices';
import { usePublicSend } from '@/shared/forms/use-public-send';

/** The form's values: the type starts unchosen. */
type EnquiryForm = Omit<EnquiryRequest, 'organiztionType'> & { organiztionType: EnquiryRequest['organiztionType'] | '' };

const EMPTY: EnquiryForm = {
  organiztionName: '',
  organiztionLocation: '',
  organiztionType: '',
  nameOfPerson: '',
  organiztionEmail: '',
  organiztionContact: '',
};

/**
 * 'Make Enquiries': a community or organisation asks about corporate and community
 * wellness. Self-contained: open it from any page. An incomplete form is marked touched
 * (red borders) and not sent.
 */
export function EnquiryModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { sending, send: sendPublic, honeypot } = usePublicSend();

  const send = (values: EnquiryForm) =>
    sendPublic(
      (website) => sendEnquiry({ ...enquirySchema.cast(values), website }),
      ['Enquiry sent', 'Thank you. Our corporate and community care team will contact you shortly.'],
      onClose,
    );

  return (
    <Modal open={open} onClose={onClose} title="Make Enquiries">
      <p className="modal-intro">
        Tell us about your company, school, church or community group and we will plan health talks, screening days or a wellness
        programme with you.
      </p>
      {/* No check on blur: a message appearing under a field as focus leaves it would move
          the Submit button under a person's finger. Checks run as they type and on submit. */}
      <Formik initialValues={EMPTY} validationSchema={enquirySchema} validateOnBlur={false} onSubmit={send}>
        {({ handleSubmit }) => (
          <form noValidate onSubmit={handleSubmit} aria-label="Organisation enquiry">
            <div className="form-grid">
              <FormField name="organiztionName" label="Organisation Name" required autoComplete="organization" />
              <FormField name="organiztionLocation" label="Location" required placeholder="e.g. Spintex Road, Accra" />
              <FormField as="select" name="organiztionType" label="Type" required>
                <option value="">Select type</option>
                {ORGANIZATION_TYPES.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.itemName}
                  </option>
                ))}
              </FormField>
              <FormField name="nameOfPerson" label="Contact Person Name" required autoComplete="name" />
              <FormField name="organiztionEmail" label="Email" required type="email" autoComplete="email" />
              <FormField name="organiztionContact" label="Contact" required type="tel" autoComplete="tel" inputMode="tel" />
            </div>
            <Honeypot {...honeypot} />
            <div className="form-actions">
              <button type="submit" className="btn btn-primary" disabled={sending}>
                Submit Enquiry
              </button>
              <button type="button" className="btn btn-outline" onClick={onClose}>
                Cancel
              </button>
            </div>
          </form>
        )}
      </Formik>
      <SpinnerOverlay show={sending} />
    </Modal>
  );
}
