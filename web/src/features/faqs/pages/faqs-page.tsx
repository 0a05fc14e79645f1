import { Link } from 'react-router-dom';
import { usePageTitle } from '@/components/page-title';
import { SITE } from '@/content/site';
import { Accordion } from '@/features/faqs/components/accordion';
import { FAQ_SECTIONS } from '@/features/faqs/faqs';
import { PageHero } from '@/shared/page-shell/page-sections';
import '../faqs.css';

export default function FaqsPage() {
  usePageTitle('FAQs');
  return (
    <>
      <PageHero eyebrow="FAQs" title="Frequently asked questions">
        <p>Answers about booking, visits, payments and emergencies. Still unsure? We are a phone call away.</p>
      </PageHero>
      <div className="section container faq-sections">
        {FAQ_SECTIONS.map((section) => (
          <section key={section.id} aria-labelledby={`faq-${section.id}`} className="faq-section">
            <h2 id={`faq-${section.id}`}>{section.title}</h2>
            <Accordion items={section.items} />
          </section>
        ))}
        <p className="faq-more">
          Didn’t find your answer? Call <a href={SITE.phoneHref}>{SITE.phone}</a> or{' '}
          <Link to="/contact-us">send us a message</Link>.
        </p>
      </div>
    </>
  );
}
