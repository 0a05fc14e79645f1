import { Eye, HeartHandshake, Lightbulb, ShieldCheck, Target, Users } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '@/components/avatar';
import { Modal } from '@/components/modal';
import { usePageTitle } from '@/components/page-title';
import { SITE } from '@/content/site';
import { CallToAction, Card, PageHero, PageSection } from '@/shared/page-shell/page-sections';
import { TEAM, type TeamMember } from '@/features/about/team';
import '../about.css';

const VALUES = [
  { icon: HeartHandshake, title: 'Compassion', text: 'We treat every patient as we would treat our own mother or child.' },
  { icon: ShieldCheck, title: 'Integrity', text: 'Honest advice, fair prices and records kept private and safe.' },
  { icon: Users, title: 'Inclusion', text: 'Care that reaches students, farmers, older people and persons with disabilities.' },
  { icon: Lightbulb, title: 'Innovation', text: 'Technology that brings a doctor to any phone, even on a slow network.' },
];

const FIGURES = [
  ['40+', 'doctors'],
  ['55', 'nurses'],
  ['7', 'partner labs'],
  ['7', 'dieticians'],
  ['5', 'physiotherapists'],
] as const;

export default function AboutPage() {
  usePageTitle('About Us');
  const [selected, setSelected] = useState<TeamMember | null>(null);

  return (
    <>
      <PageHero eyebrow="About us" title={`Caring for Ghanaian families at home and online since ${SITE.established}`}>
        <p>
          {SITE.brand} started in Accra with three doctors and one idea: good healthcare should come to people, not the other way
          round. Today we offer video consultations, home visits, nursing, physiotherapy, lab tests and wellness programmes for
          companies and communities.
        </p>
        <ul className="about-figures">
          {FIGURES.map(([figure, label]) => (
            <li key={label}>
              <strong>{figure}</strong> {label}
            </li>
          ))}
        </ul>
      </PageHero>

      <PageSection label="Vision and mission">
        <div className="about-vm">
          <article className="card">
            <Eye className="about-icon" aria-hidden="true" />
            <h2>Our Vision</h2>
            <p>A Ghana where every person, in the city or the village, can see a qualified health worker when they need one.</p>
          </article>
          <article className="card">
            <Target className="about-icon" aria-hidden="true" />
            <h2>Our Mission</h2>
            <p>
              To deliver affordable, preventive and convenient care through telemedicine and home visits, and to keep families,
              workers and communities healthy before illness sets in.
            </p>
          </article>
        </div>
      </PageSection>

      <PageSection tint head={{ id: 'values-title', title: 'Our Values' }}>
        <ul className="card-grid">
          {VALUES.map(({ icon: Icon, title, text }) => (
            <Card key={title} art={<Icon className="about-icon" aria-hidden="true" />} title={title} text={text} />
          ))}
        </ul>
      </PageSection>

      <PageSection
        head={{ id: 'team-title', title: 'Our Leadership Team', lead: 'The people who answer for the care you receive.' }}
      >
        <ul className="card-grid wide">
          {TEAM.map((member) => (
            <li key={member.id} className="card team-card">
              <Avatar name={member.fullName} image={member.image || undefined} size={88} />
              <h3>{member.fullName}</h3>
              <p>{member.position}</p>
              <button type="button" className="btn btn-outline" onClick={() => setSelected(member)}>
                View profile<span className="visually-hidden"> of {member.fullName}</span>
              </button>
            </li>
          ))}
        </ul>
        <CallToAction to="/careers" className="about-cta">
          Join our team
        </CallToAction>
      </PageSection>

      <Modal open={selected !== null} onClose={() => setSelected(null)} title={selected?.fullName ?? ''}>
        {selected && (
          <div className="team-detail">
            <Avatar name={selected.fullName} image={selected.image || undefined} size={96} />
            <p className="team-position">{selected.position}</p>
            <p>{selected.bio}</p>
          </div>
        )}
      </Modal>
    </>
  );
}
