import { Briefcase, Mail, MapPin } from 'lucide-react';
import { usePageTitle } from '@/components/page-title';
import { SITE } from '@/content/site';
import { ROLES } from '@/features/careers/roles';
import { PageHero, PageSection } from '@/shared/page-shell/page-sections';
import '../careers.css';

export default function CareersPage() {
  usePageTitle('Careers');
  const subject = (title: string) => `mailto:${SITE.careersEmail}?subject=${encodeURIComponent(`Application: ${title}`)}`;

  return (
    <>
      <PageHero eyebrow="Careers" title="Work with us">
        <p>
          Join a team of doctors, nurses and specialists who bring care to people’s homes and phones across Ghana. We offer fair
          pay, training every quarter, and work that matters.
        </p>
      </PageHero>

      <PageSection head={{ id: 'roles-title', title: 'Open roles', lead: `${ROLES.length} positions are open now.` }}>
        <ul className="card-grid">
          {ROLES.map((role) => (
            <li key={role.title} className="card role-card">
              <span className="role-type">
                <Briefcase size={16} aria-hidden="true" /> {role.type}
              </span>
              <h3>{role.title}</h3>
              <p className="role-location">
                <MapPin size={16} aria-hidden="true" /> {role.location}
              </p>
              <p>{role.summary}</p>
              <a href={subject(role.title)} className="role-apply">
                Apply by e-mail<span className="visually-hidden"> for {role.title}</span>
              </a>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection tint containerClassName="apply-box" labelledBy="apply-title">
        <Mail className="apply-icon" size={40} aria-hidden="true" />
        <div>
          <h2 id="apply-title">How to apply</h2>
          <p>
            Send your <strong>cover letter</strong>, <strong>CV</strong> and copies of your <strong>certificates</strong> (and
            professional licence, where the role needs one) by e-mail to{' '}
            <a href={`mailto:${SITE.careersEmail}`}>{SITE.careersEmail}</a>. Put the role you are applying for in the subject
            line. We reply to every applicant within two weeks.
          </p>
        </div>
      </PageSection>
    </>
  );
}
