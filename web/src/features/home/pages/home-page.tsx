import { CalendarCheck, LayoutGrid, MapPin, PlayCircle, ShieldCheck, Smartphone } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { FREE_CANCELLATION_HOURS, MIN_BOOKING_NOTICE_HOURS, TRIAL_DAYS } from '@api/policy';
import { FREE_PACKAGE_AMOUNT } from '@api/prices';
import { usePageTitle } from '@/components/page-title';
import { scrollToId, type ScrollState } from '@/components/scroll-to-section';
import { SERVICES } from '@/content/services';
import { HOME_SECTIONS, SITE } from '@/content/site';
import { Loading } from '@/components/spinner';
import { CallToAction, Card, PageSection } from '@/shared/page-shell/page-sections';
import { StatsCounters } from '@/features/home/components/stats-counters';
import { ABOUT_VIDEO_URL, WHY_CHOOSE } from '@/features/home/content';
import '../home.css';

const WHY_ICONS = [ShieldCheck, MapPin, LayoutGrid];

// The carousel sits at the foot of the page: it loads after the first paint, off the critical path.
const TestimonialsSection = lazy(() => import('@/features/home/components/testimonials-section'));

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
      <section id={HOME_SECTIONS.home} className="hero home-hero" aria-labelledby="home-title">
        <div className="container home-hero-inner">
          <div>
            <p className="eyebrow">Healthcare at home and online, since {SITE.established}</p>
            <h1 id="home-title">Welcome to {SITE.brand}: quality care wherever you are in Ghana</h1>
            <p>
              See a doctor by video, often the same day, get nurses, physiotherapy and lab tests at home, and stay well with
              preventive care for your family, your staff and your community.
            </p>
            <div className="actions">
              <Link to="/appointment-page" className="btn btn-primary">
                <CalendarCheck size={18} aria-hidden="true" /> Book Appointment
              </Link>
              <Link to="/packages" className="btn btn-outline">
                Start free {TRIAL_DAYS}-day trial
              </Link>
            </div>
            {/* The rules a booking meets, told before anyone books (docs/patient-experience.md). */}
            <p className="home-hero-note">
              Book from {MIN_BOOKING_NOTICE_HOURS} hours ahead; cancel free up to {FREE_CANCELLATION_HOURS} hours before. In an
              emergency, call 112 or 193.
            </p>
          </div>
          <img
            className="home-hero-art"
            src="/images/hero-care.svg"
            alt="A doctor on a phone video call and a nurse visiting a family at home"
            width="480"
            height="400"
            fetchPriority="high"
          />
        </div>
        <div className="container">
          <h2 className="visually-hidden">Why choose {SITE.brand}</h2>
          <ul className="why-grid">
            {WHY_CHOOSE.map((box, i) => {
              const Icon = WHY_ICONS[i] ?? ShieldCheck;
              return (
                <Card
                  key={box.title}
                  className="why-card"
                  art={<Icon className="why-icon" size={28} aria-hidden="true" />}
                  title={box.title}
                  text={box.text}
                />
              );
            })}
          </ul>
        </div>
      </section>

      <PageSection id={HOME_SECTIONS.about} containerClassName="about-grid" labelledBy="about-title">
        <a className="video-poster" href={ABOUT_VIDEO_URL} target="_blank" rel="noopener noreferrer">
          <img src="/images/about-video-poster.svg" alt="" width="560" height="315" loading="lazy" decoding="async" />
          <span className="video-play">
            <PlayCircle size={56} aria-hidden="true" />
            <span>Watch our story (2 min, opens in a new tab)</span>
          </span>
        </a>
        <div>
          <p className="eyebrow">About us</p>
          <h2 id="about-title">Ghanaian doctors and nurses, caring for you since {SITE.established}</h2>
          <p>
            {SITE.brand} brings the clinic to you. Our team of 40+ doctors, 55 nurses, 7 dieticians and 5 physiotherapists works
            with 7 partner laboratories to care for people at home, at work and online.
          </p>
          <p>
            We serve individuals, families, students, companies and communities, including farmers and persons with disabilities,
            with one simple monthly plan.
          </p>
          <Link to="/about-us" className="btn btn-outline">
            Read More<span className="visually-hidden"> about ExpMed Health</span>
          </Link>
        </div>
      </PageSection>

      <PageSection
        id={HOME_SECTIONS.services}
        tint
        head={{
          id: 'services-title',
          eyebrow: 'What we do',
          title: 'Our Services',
          lead: 'Nine ways we care for you, from a video call with a doctor to health outreach on the farm.',
        }}
      >
        <ul className="services-grid">
          {SERVICES.map((service) => (
            <Card
              key={service.id}
              className="service-card"
              art={<img src={service.icon} alt="" width="48" height="48" loading="lazy" decoding="async" />}
              title={service.itemTitle}
              text={service.itemText}
            />
          ))}
        </ul>
        <CallToAction to="/appointment-page">Book a service</CallToAction>
      </PageSection>

      <PageSection id={HOME_SECTIONS.packages} labelledBy="promo-title">
        <div className="promo-card">
          <div>
            <p className="eyebrow">Packages</p>
            <h2 id="promo-title">Try us free for {TRIAL_DAYS} days</h2>
            <p className="promo-price">
              Then <strong>GHS {FREE_PACKAGE_AMOUNT}/month</strong>. Cancel anytime.
            </p>
            <ul className="ticks">
              <li>Video consultations with our doctors</li>
              <li>Discounts on home visits and lab tests</li>
              <li>Plans for individuals, students, families and companies</li>
            </ul>
          </div>
          <Link to="/packages" className="btn btn-primary promo-cta">
            See packages
          </Link>
        </div>
      </PageSection>

      <PageSection id={HOME_SECTIONS.stats} className="stats-section" labelledBy="stats-title">
        <h2 id="stats-title" className="visually-hidden">
          {SITE.brand} in numbers
        </h2>
        <StatsCounters />
      </PageSection>

      <PageSection id={HOME_SECTIONS.download} containerClassName="download-card" labelledBy="download-title">
        <Smartphone className="download-icon" size={48} aria-hidden="true" />
        <div>
          <h2 id="download-title">Get the {SITE.brand} app</h2>
          <p>Book visits, talk to a doctor and keep your health records on your phone.</p>
        </div>
        <div className="actions">
          <a className="btn btn-primary" href={SITE.apps.android} target="_blank" rel="noopener noreferrer">
            Get it on Android
          </a>
          <a className="btn btn-outline" href={SITE.apps.ios} target="_blank" rel="noopener noreferrer">
            Download on iOS
          </a>
        </div>
      </PageSection>

      <PageSection
        id={HOME_SECTIONS.testimonials}
        tint
        head={{ id: 'testimonials-title', eyebrow: 'Testimonials', title: 'What our clients say' }}
      >
        <Suspense fallback={<Loading text="Loading testimonials…" />}>
          <TestimonialsSection />
        </Suspense>
      </PageSection>
    </>
  );
}
