import { Building2, Mail, Phone } from 'lucide-react';
import { Suspense, useState } from 'react';
import { usePageTitle } from '@/components/page-title';
import { SITE } from '@/content/site';
import { ContactForm } from '@/features/contact/components/contact-form';
import { LazyEnquiryModal } from '@/features/enquiries/components/lazy-enquiry-modal';
import '../contact.css';

export default function ContactPage() {
  usePageTitle('Contact Us');
  const [enquiring, setEnquiring] = useState(false);

  return (
    <section className="page container contact-page" aria-labelledby="contact-title">
      <header className="contact-intro">
        <h1 id="contact-title">Contact Us</h1>
        <p>
          No two people need the same care. We build individual support plans tailored to each client’s needs and wishes, whether
          that is a nurse visiting your mother at home, a video consultation before work, or a check-up for the whole family.
          Call, write or send us a message and a member of our care team will guide you.
        </p>
      </header>

      <div className="contact-layout">
        <aside className="contact-cards" aria-label="Ways to reach us">
          <div className="contact-card">
            <Phone aria-hidden="true" />
            <div>
              <h2>Call Us</h2>
              <a href={SITE.phoneHref}>{SITE.phone}</a>
              <p>Monday to Saturday, 8 am to 8 pm</p>
            </div>
          </div>
          <div className="contact-card">
            <Mail aria-hidden="true" />
            <div>
              <h2>Email Us</h2>
              <a href={`mailto:${SITE.email}`}>{SITE.email}</a>
              <p>We reply within one working day</p>
            </div>
          </div>
          <div className="contact-card">
            <Building2 aria-hidden="true" />
            <div>
              <h2>For organisations</h2>
              <p>Companies, schools and community groups: ask us about wellness programmes and screening days.</p>
              <button type="button" className="btn btn-outline" onClick={() => setEnquiring(true)}>
                Make Enquiries
              </button>
            </div>
          </div>
        </aside>

        <div className="contact-form-card">
          <h2>Send us a message</h2>
          <ContactForm />
        </div>
      </div>

      {enquiring && (
        <Suspense fallback={null}>
          <LazyEnquiryModal open onClose={() => setEnquiring(false)} />
        </Suspense>
      )}
    </section>
  );
}
