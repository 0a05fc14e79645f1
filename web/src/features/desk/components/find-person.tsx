import { UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { MIN_PATIENT_QUERY } from '@api/staff';
import { usePatientSearch } from '@/features/desk/api/patients-api';
import { QueryList, StateBadge } from '@/features/staff/components/list-parts';
import { personOf, type DeskPerson } from '@/features/desk/desk-person';
import { formatPhone } from '@api/ghana-phone';

/**
 * Step one of a desk booking: find the person by phone, name or e-mail (accounts and the
 * clinic's own records), or add someone new. `query` is kept by the page, so 'This number is
 * already …' can search for the person it names.
 */
export function FindPerson({
  query,
  onQuery,
  onChoose,
  onAddNew,
}: {
  query: string;
  onQuery: (q: string) => void;
  onChoose: (person: DeskPerson) => void;
  onAddNew: () => void;
}) {
  const ids = { input: useId(), hint: useId(), title: useId() };
  const [text, setText] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);
  if (query !== shownQuery) {
    // The page searched for someone (e.g. the owner of a number): the box shows what was asked.
    setShownQuery(query);
    setText(query);
  }
  const search = usePatientSearch(query);
  const found = search.data ?? [];

  return (
    <section className="staff-card" aria-labelledby={ids.title}>
      <h2 id={ids.title}>Who is it for?</h2>
      <form
        role="search"
        className="staff-search staff-search-inline"
        onSubmit={(e) => {
          e.preventDefault();
          onQuery(text.trim());
        }}
      >
        <div className="field">
          <label htmlFor={ids.input}>Phone, name or e-mail</label>
          <input
            id={ids.input}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-describedby={ids.hint}
            autoComplete="off"
          />
          <p id={ids.hint} className="staff-muted">
            At least {MIN_PATIENT_QUERY} characters. Finds accounts and people the clinic added.
          </p>
        </div>
        <button type="submit" className="btn btn-primary">
          Search
        </button>
        <button type="button" className="btn btn-outline" onClick={onAddNew}>
          <UserPlus aria-hidden="true" size={18} /> Add a new person
        </button>
      </form>
      {query.length >= MIN_PATIENT_QUERY && (
        <QueryList query={search} empty={`Nobody matches “${query}”. Add them as a new person.`} isEmpty={found.length === 0}>
          <ul className="staff-cards" aria-label="People found">
            {found.map((p) => {
              const person = personOf(p);
              return (
                <li key={p.patientId} className="staff-card staff-person">
                  <p>
                    <strong>{person.name}</strong>{' '}
                    <span className="staff-list-badges">
                      <StateBadge state={person.clinicRecord ? 'Clinic record' : 'Account'} />
                      {!person.phoneChecked && <StateBadge state="Phone not checked" />}
                    </span>
                    <br />
                    {formatPhone(p.contactNumber)}
                    {p.emailAddress ? ` · ${p.emailAddress}` : ''}
                  </p>
                  <button type="button" className="btn btn-primary" onClick={() => onChoose(person)}>
                    Book for {person.name}
                  </button>
                </li>
              );
            })}
          </ul>
        </QueryList>
      )}
    </section>
  );
}
