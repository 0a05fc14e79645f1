import { CalendarDays, MapPin } from 'lucide-react';
import { formatDate } from '@api/format';
import { Loading } from '@/components/spinner';
import { usePageTitle } from '@/components/page-title';
import { useProjects } from '@/features/gallery/api/projects';
import { PageHero, PageSection } from '@/shared/page-shell/page-sections';
import '../gallery.css';

const PICTURES = [
  {
    src: '/images/gallery/home-visit.svg',
    title: 'Care at home',
    text: 'A nurse visits a family in Dansoman for wound care after surgery.',
  },
  {
    src: '/images/gallery/telemedicine.svg',
    title: 'A doctor on video',
    text: 'Our telemedicine doctors see patients across Ghana from our East Legon office.',
  },
  {
    src: '/images/gallery/screening.svg',
    title: 'Community screening',
    text: 'Free blood pressure and sugar checks under the tent in Ashaiman.',
  },
  {
    src: '/images/gallery/laboratory.svg',
    title: 'Lab tests made easy',
    text: 'Samples taken at home travel to one of our seven partner laboratories.',
  },
  {
    src: '/images/gallery/farmers.svg',
    title: 'Agric health',
    text: 'Health education and screening with farming families in Dodowa.',
  },
  {
    src: '/images/gallery/school-wellness.svg',
    title: 'School wellness',
    text: 'Nutrition talks and health checks for pupils in Madina.',
  },
];

function Projects() {
  const projects = useProjects();

  if (projects.isError && !projects.isFetching) {
    return (
      <div className="empty-state" role="alert">
        <p>We could not load our projects just now. Please check your connection and try again.</p>
        <button type="button" className="btn btn-outline" onClick={() => void projects.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!projects.data) return <Loading text="Loading our projects…" />;
  if (projects.data.length === 0) return <p className="empty-state">New projects will appear here soon.</p>;
  return (
    <ul className="card-grid wide">
      {projects.data.map((p) => (
        <li key={p.id} className="card project-card">
          <h3>{p.title}</h3>
          <p className="project-meta">
            <span>
              <MapPin size={16} aria-hidden="true" /> {p.location}
            </span>
            <span>
              <CalendarDays size={16} aria-hidden="true" /> <time dateTime={p.date}>{formatDate(p.date)}</time>
            </span>
          </p>
          <p>{p.description}</p>
        </li>
      ))}
    </ul>
  );
}

export default function GalleryPage() {
  usePageTitle('Gallery');
  return (
    <>
      <PageHero eyebrow="Gallery" title="Our work in pictures">
        <p>From living rooms in Accra to farms in Dodowa: a look at how our team brings care to people.</p>
      </PageHero>
      <PageSection label="Pictures">
        <ul className="card-grid wide">
          {PICTURES.map((pic) => (
            <li key={pic.src}>
              <figure className="card gallery-figure">
                <img src={pic.src} alt="" width="400" height="300" loading="lazy" decoding="async" />
                <figcaption>
                  <strong>{pic.title}</strong>
                  <span>{pic.text}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection
        tint
        head={{
          id: 'projects-title',
          title: 'Recent projects',
          lead: 'Outreach and wellness programmes we have run with communities, schools and companies.',
        }}
      >
        <Projects />
      </PageSection>
    </>
  );
}
