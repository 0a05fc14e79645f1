import { Link } from 'react-router-dom';
import { SocialLinks } from '@/components/social-links';
import { SITE } from '@/content/site';
import { NewsletterForm } from '@/features/newsletter/components/newsletter-form';

export function Footer() {
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{SITE.brand}</h2>
          <p>
            {SITE.tagline}. Caring for Ghanaian families since {SITE.established}.
          </p>
          <p>
            <a href={SITE.phoneHref}>{SITE.phone}</a>
            <br />
            <a href={`mailto:${SITE.email}`}>{SITE.email}</a>
          </p>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links">Useful links</h2>
          <ul>
            <li>
              <Link to="/gallery">Gallery</Link>
            </li>
            <li>
              <Link to="/careers">Careers</Link>
            </li>
            <li>
              <a href={SITE.termsUrl} target="_blank" rel="noopener noreferrer">
                Terms and Conditions
              </a>
            </li>
            <li>
              <Link to={SITE.privacyUrl}>Privacy policy</Link>
            </li>
            <li>
              <Link to="/faqs">FAQs</Link>
            </li>
            <li>
              <Link to="/contact-us">Contact Us</Link>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter">Newsletter</h2>
          <p>Health tips and news from our doctors, once a month.</p>
          <NewsletterForm />
          <SocialLinks />
        </section>
      </div>
      {/* The year comes from the build in prerendered HTML: a new year must not fail hydration. */}
      <p className="container footer-bottom" suppressHydrationWarning>
        © {new Date().getFullYear()} {SITE.brand}. All rights reserved.
      </p>
    </footer>
  );
}
