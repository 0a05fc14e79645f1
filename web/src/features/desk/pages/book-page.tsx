import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Appointment } from '@api/types';
import { useStaffAppointment } from '@/features/staff/api/appointment-api';
import { useStaffPatient } from '@/features/desk/api/patients-api';
import { AddPerson } from '@/features/desk/components/add-person';
import { DeskBookingForm } from '@/features/desk/components/desk-booking-form';
import DeskPayment from '@/features/desk/components/desk-payment';
import { FindPerson } from '@/features/desk/components/find-person';
import { ListState, StaffPage } from '@/features/staff/components/list-parts';
import { CodeCheck } from '@/features/desk/components/code-check';
import { personOf, type DeskPerson } from '@/features/desk/desk-person';
import { formatPhone } from '@api/ghana-phone';
import { formatWhen } from '@api/format';

/** The booked appointment and how it is paid: the server's amount, a payment link or a payment taken here. */
function Booked({
  booked,
  person,
  onAgain,
}: {
  booked: Appointment;
  person: DeskPerson;
  onAgain: (samePerson: boolean) => void;
}) {
  // As the server holds it now: Payment's 'Check payment' reads it again after a link was paid.
  const live = useStaffAppointment(booked.appointmentId);
  const a = live.data ?? booked;
  const when = formatWhen(a.requestedDay, a.requestedTime);
  return (
    <>
      <section className="staff-card" aria-labelledby="booked-title">
        <h2 id="booked-title">Booked</h2>
        <p role="status">
          {a.requestedService} for {person.name} on {when}. Reference <strong>{a.clientReference}</strong>.{' '}
          {a.requiresPayment ? '' : a.coverage ? a.coverage.note : 'Nothing to pay.'}
        </p>
        <div className="form-actions">
          <Link className="btn btn-outline" to={`/staff/appointments/${encodeURIComponent(a.appointmentId)}`}>
            Open the appointment
          </Link>
          <button type="button" className="btn btn-outline" onClick={() => onAgain(true)}>
            Book another for {person.name}
          </button>
          <button type="button" className="btn btn-outline" onClick={() => onAgain(false)}>
            Book for someone else
          </button>
        </div>
      </section>
      {a.requiresPayment && <DeskPayment appointment={a} />}
    </>
  );
}

/** The person named in the address (?patientId=, from a patient's page); `clear` forgets them. */
function usePersonFromAddress() {
  const [params, setParams] = useSearchParams();
  const patientId = params.get('patientId') ?? '';
  const view = useStaffPatient(patientId, Boolean(patientId));
  return {
    person: patientId && view.data ? personOf(view.data.patient) : undefined,
    loading: Boolean(patientId) && view.isPending,
    error: patientId ? view.error : null,
    retry: () => void view.refetch(),
    clear: () => patientId && setParams({}, { replace: true }),
  };
}

/**
 * Book for a patient: find the person (or add a caller or walk-in without an account and check
 * their phone with a code), book with the patient's own form pieces, then take payment: a link
 * by SMS, or cash or mobile money recorded here.
 */
export default function BookPage() {
  const fromAddress = usePersonFromAddress();
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);
  const [chosen, setChosen] = useState<{ person: DeskPerson; justAdded: boolean }>();
  const [booked, setBooked] = useState<Appointment>();
  const [round, setRound] = useState(0);
  const current = chosen ?? (fromAddress.person ? { person: fromAddress.person, justAdded: false } : undefined);

  const start = (samePerson: boolean) => {
    setBooked(undefined);
    setRound((r) => r + 1);
    if (!samePerson) {
      setChosen(undefined);
      setQuery('');
      fromAddress.clear();
    }
  };

  let step: React.ReactNode;
  if (fromAddress.loading || fromAddress.error) {
    step = (
      <ListState loading={fromAddress.loading} error={fromAddress.error} empty="" isEmpty={false} onRetry={fromAddress.retry}>
        {null}
      </ListState>
    );
  } else if (!current) {
    step = adding ? (
      <AddPerson
        onAdded={(person) => {
          setAdding(false);
          setChosen({ person, justAdded: true });
        }}
        onFindExisting={(phone) => {
          setAdding(false);
          setQuery(phone);
        }}
        onCancel={() => setAdding(false)}
      />
    ) : (
      <FindPerson
        query={query}
        onQuery={setQuery}
        onChoose={(person) => setChosen({ person, justAdded: false })}
        onAddNew={() => setAdding(true)}
      />
    );
  } else if (!current.person.phoneChecked) {
    step = (
      <CodeCheck
        channel="phone"
        person={current.person}
        sendAtOnce={current.justAdded}
        onChecked={() => setChosen({ person: { ...current.person, phoneChecked: true }, justAdded: false })}
      />
    );
  } else if (booked) {
    step = <Booked booked={booked} person={current.person} onAgain={start} />;
  } else {
    step = <DeskBookingForm key={`${current.person.patientId}-${round}`} person={current.person} onBooked={setBooked} />;
  }

  return (
    <StaffPage title="Book for a patient">
      {current && !booked && (
        <p className="staff-person staff-chosen">
          <span>
            For <strong>{current.person.name}</strong>, {formatPhone(current.person.contactNumber)}
            {current.person.clinicRecord ? ' (clinic record)' : ''}
          </span>
          <button type="button" className="btn btn-outline" onClick={() => start(false)}>
            Choose someone else
          </button>
        </p>
      )}
      <div className="staff-steps">{step}</div>
    </StaffPage>
  );
}
