import { Building2, Mail, Phone, type LucideIcon } from 'lucide-react';
import { Suspense, useState, type ReactNode } from 'react';
import { usePageTitle } from '@/components/page-title';
import { lazyPart } from '@/components/lazy-part';
import { SITE } from '@/content/site';
import { LazyEnquiryModal } from '@/features/enquiries/components/lazy-enquiry-modal';
import '../contact.css';

/** The form, with Formik and Yup, follows the page's first load (docs/performance.md). */
const ContactForm = lazyPart(() => import('@/features/contact/components/contact-form').then((m) => m.ContactForm));

/** One way to reach us: its icon, what it is, and how. */
function ContactCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div className="contact-card">
      <Icon aria-hidden="true" />
      <div>
        <h2>{title}</h2>
        {children}
      </div>
    </div>
  );
}

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
          <ContactCard icon={Phone} title="Call Us">
            <a href={SITE.phoneHref}>{SITE.phone}</a>
            <p>Monday to Saturday, 8 am to 8 pm</p>
          </ContactCard>
          <ContactCard icon={Mail} title="Email Us">
            <a href={`mailto:${SITE.email}`}>{SITE.email}</a>
            <p>We reply within one working day</p>
          </ContactCard>
          <ContactCard icon={Building2} title="For organisations">
            <p>Companies, schools and community groups: ask us about wellness programmes and screening days.</p>
            <button type="button" className="btn btn-outline" onClick={() => setEnquiring(true)}>
              Make Enquiries
            </button>
          </ContactCard>
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
