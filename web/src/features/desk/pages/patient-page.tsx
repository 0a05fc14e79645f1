import { ArrowLeft, CalendarPlus, ClipboardList } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatDate, formatGhs, formatWhen } from '@api/format';
import { DetailsList } from '@/components/details-list';
import { usePageTitle } from '@/components/page-title';
import { useStaffPatient } from '@/features/desk/api/patients-api';
import { AppointmentBadges, ListSection, Loaded, PageHeader, StateBadge } from '@/features/staff/components/list-parts';
import type { Patient } from '@api/types';
import { ClaimNotice } from '@/features/desk/components/claim-notice';
import { CodeCheck } from '@/features/desk/components/code-check';
import { personOf } from '@/features/desk/desk-person';
import { MandatesSection } from '@/features/desk/components/mandates-section';
import { MessagesSection } from '@/features/desk/components/messages-section';
import { PhonePinReset } from '@/features/desk/components/phone-pin-reset';
import { genderText } from '@/lib/choices';
import { showSuccess } from '@/lib/dialogs';
import { formatPhone } from '@api/ghana-phone';

/** A package or an order the patient bought: its name, whether it is paid, and what it is. */
function PaidCard({ title, paymentStatus, children }: { title: string; paymentStatus: string; children: ReactNode }) {
  return (
    <li className="staff-card">
      <div className="staff-card-head">
        <h3>{title}</h3>
        <StateBadge state={paymentStatus} />
      </div>
      <p>{children}</p>
    </li>
  );
}

/**
 * How to reach the patient. A clinic record's typed e-mail address gets no mail until the person
 * proves it (docs/front-desk.md): it says so, and the desk sends the code from here.
 */
function Contact({ patient: p }: { patient: Patient }) {
  const person = personOf(p);
  const emailToCheck = person.clinicRecord && Boolean(p.emailAddress) && !person.emailChecked;
  const email = p.emailAddress ? (
    <>
      <a href={`mailto:${p.emailAddress}`}>{p.emailAddress}</a>
      {person.clinicRecord && (emailToCheck ? ' · Not confirmed: nothing is e-mailed to it yet' : ' · Confirmed')}
    </>
  ) : (
    '—'
  );
  return (
    <>
      <section className="staff-card" aria-labelledby="patient-contact">
        <h2 id="patient-contact">Contact</h2>
        <DetailsList
          rows={[
            ['Account', <StateBadge state={p.accountStatus} />],
            ['Email', email],
            ['Phone', <a href={`tel:${p.contactNumber}`}>{formatPhone(p.contactNumber)}</a>],
            ['Location', p.patientLocation || '—'],
            ['Gender', genderText(p.gender)],
            ['Emergency contact', p.emergencyContact || '—'],
            ['Next of kin', [p.nameOfNextOfKin, p.nextOfKinContact].filter(Boolean).join(', ') || '—'],
            ['Registered', formatDate(p.entryDate)],
          ]}
        />
      </section>
      {emailToCheck && (
        <CodeCheck
          channel="email"
          person={person}
          sendAtOnce={false}
          onChecked={() => void showSuccess('E-mail address confirmed', `${p.emailAddress} now gets the clinic's e-mails.`)}
        />
      )}
    </>
  );
}

/** One patient as the clinic holds them: contact, appointments, packages and orders (the read is audited). */
export default function PatientPage() {
  const { patientId = '' } = useParams();
  const view = useStaffPatient(patientId);
  const v = view.data;
  const name = v ? `${v.patient.firstName} ${v.patient.lastName}` : 'Patient';
  usePageTitle(name);

  return (
    <div className="staff-page">
      <Link to="/staff/patients" className="staff-back">
        <ArrowLeft aria-hidden="true" size={18} /> Back to patients
      </Link>
      <PageHeader title={name}>
        <Link to={`/staff/records/${encodeURIComponent(patientId)}`} className="btn btn-outline">
          <ClipboardList aria-hidden="true" size={18} /> Medical record
        </Link>
        {v && (
          <Link className="btn btn-primary" to={`/staff/book?patientId=${encodeURIComponent(v.patient.patientId)}`}>
            <CalendarPlus aria-hidden="true" size={18} /> Book an appointment
          </Link>
        )}
      </PageHeader>
      <Loaded query={view}>
        {(v) => (
          <>
            <ClaimNotice view={v} />
            <Contact patient={v.patient} />

            <ListSection
              id="patient-appointments"
              title="Appointments"
              empty="No appointments."
              items={v.appointments}
              listClassName="staff-list"
            >
              {(a) => (
                <li key={a.appointmentId}>
                  <Link to={`/staff/appointments/${encodeURIComponent(a.appointmentId)}`}>
                    <span className="staff-list-main">
                      <strong>{a.requestedService}</strong>
                      <span>{formatWhen(a.requestedDay, a.requestedTime)}</span>
                    </span>
                    <AppointmentBadges appointment={a} />
                  </Link>
                </li>
              )}
            </ListSection>

            <ListSection id="patient-packages" title="Packages" empty="No packages." items={v.subscriptions}>
              {(s) => (
                <PaidCard key={s.id} title={s.packageTitle} paymentStatus={s.paymentStatus}>
                  {formatGhs(s.amount)} · {s.isActive ? `active until ${formatDate(s.endDate)}` : 'not active'}
                </PaidCard>
              )}
            </ListSection>

            <ListSection id="patient-orders" title="Orders" empty="No orders." items={v.orders}>
              {(o) => (
                <PaidCard key={o.id} title={`Order ${o.clientReference}`} paymentStatus={o.paymentStatus}>
                  {o.items.map((l) => `${l.quantity} × ${l.productName}`).join(', ')} · {formatGhs(o.amount)}
                </PaidCard>
              )}
            </ListSection>
            <MandatesSection patientId={patientId} />
            <PhonePinReset patientId={patientId} name={`${v.patient.firstName} ${v.patient.lastName}`} />
            <MessagesSection about="patients" id={patientId} />
          </>
        )}
      </Loaded>
    </div>
  );
}
