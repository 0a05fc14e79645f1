import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { usePageTitle } from '@/components/page-title';
import { scrollToId, type ScrollState } from '@/components/scroll-to-section';
import { HOME_SECTIONS } from '@/content/site';

export default function HomePage() {
  usePageTitle('');
  const location = useLocation();
  const target = (location.state as ScrollState | null)?.scrollTo;

  // Arriving from another page with a section to show: scroll once it is in the document.
  useEffect(() => {
    if (target) scrollToId(target);
  }, [target, location.key]);

  return (
    <>
      <section id={HOME_SECTIONS.home} className="hero">
        <div className="container">
          <h1>Welcome to quality healthcare, wherever you are in Ghana</h1>
          <p>See a doctor by video, get nurses and lab tests at home, and stay well with preventive care.</p>
          <Link to="/appointment-page" className="btn btn-primary">
            Book Appointment
          </Link>
        </div>
      </section>
      <section id={HOME_SECTIONS.about} className="container section">
        <h2>About Us</h2>
      </section>
      <section id={HOME_SECTIONS.services} className="container section">
        <h2>Our Services</h2>
      </section>
      <section id={HOME_SECTIONS.packages} className="container section">
        <h2>Packages</h2>
      </section>
    </>
  );
}
