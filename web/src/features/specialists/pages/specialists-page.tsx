import { Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/avatar';
import { usePageTitle } from '@/components/page-title';
import { PageHero, PageSection } from '@/shared/page-shell/page-sections';
import { filterSpecialists, SPECIALISTS, SPECIALTIES } from '@/features/specialists/specialists';
import '../specialists-page.css';

export default function SpecialistsPage() {
  usePageTitle('Specialists');
  const [query, setQuery] = useState('');
  const [specialty, setSpecialty] = useState('All');
  const doctors = filterSpecialists(SPECIALISTS, query, specialty);

  return (
    <>
      <PageHero eyebrow="Specialists" title="Find a specialist">
        <p>Experienced Ghanaian specialists you can see by video or at home. Search by name or choose a specialty.</p>
      </PageHero>
      <PageSection label="Specialists">
        <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
          <div className="filter-field">
            <label htmlFor="specialist-search">Search by name</label>
            <span className="input-icon">
              <Search size={18} aria-hidden="true" />
              <input
                id="specialist-search"
                type="search"
                placeholder="e.g. Mensah"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
              />
            </span>
          </div>
          <div className="filter-field">
            <label htmlFor="specialist-specialty">Specialty</label>
            <select id="specialist-specialty" value={specialty} onChange={(e) => setSpecialty(e.target.value)}>
              {SPECIALTIES.map((s) => (
                <option key={s} value={s}>
                  {s === 'All' ? 'All specialties' : s}
                </option>
              ))}
            </select>
          </div>
        </form>
        <p className="result-count" role="status">
          {doctors.length} doctor(s) found
        </p>
        {doctors.length === 0 ? (
          <p className="empty-state">No doctors found matching your criteria.</p>
        ) : (
          <ul className="card-grid">
            {doctors.map((d) => (
              <li key={d.id} className="card doctor-card">
                <Avatar name={d.name} size={64} />
                <div>
                  <h2>{d.name}</h2>
                  <p className="doctor-specialty">{d.specialty}</p>
                  <p>{d.about}</p>
                  <p className="doctor-meta">
                    {d.experienceYears} years’ experience · Speaks {d.languages}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
        <p className="center specialists-cta">
          <Link to="/appointment-page" className="btn btn-primary">
            Book Appointment
          </Link>
        </p>
      </PageSection>
    </>
  );
}
