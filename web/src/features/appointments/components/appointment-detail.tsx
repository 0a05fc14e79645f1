import { ArrowLeft, CircleCheck, CreditCard, FileDown, Trash2, XCircle } from 'lucide-react';
import { appointmentStatusWords } from '@api/statuses';
import { Link } from 'react-router-dom';
import { formatDate, formatGhs } from '@api/format';
import { followUpBookingPath } from '@api/record';
import { canCancel, canConfirm, canDelete } from '@api/policy';
import { DetailsList, type DetailRow } from '@/components/details-list';
import { OpenPrescriptionButton } from '@/components/open-prescription-button';
import { SITE } from '@/content/site';
import { canPay, fetchAppointmentFile, openResult, type Appointment } from '@/features/appointments/api/appointments';
import { holdNote, rebookingNote, rescheduleNote } from '@/features/appointments/booking-rules';
import { JoinVisitLink } from '@/features/appointments/components/join-visit-link';
import { RescheduleButton } from '@/features/appointments/components/reschedule-dialog';
import { showApiError } from '@/lib/dialogs';

/** Whom a booking for someone else is for (a family member or another person); undefined for the patient themself. */
export const bookedForName = (a: Pick<Appointment, 'bookFor' | 'firstName' | 'lastName'>) =>
  a.bookFor === 'OTHERS' ? `${a.firstName} ${a.lastName}` : undefined;

/** What the Payment Status row and the list say: refunded (how much, when), the API's Unpaid/Paid, or why nothing is to be paid. */
export const paymentText = (a: Appointment) =>
  a.refundedAmount && a.refundedAt
    ? `Refunded ${formatGhs(a.refundedAmount)} on ${formatDate(a.refundedAt)}`
    : a.paymentStatus !== 'Not Applicable'
      ? a.paymentStatus
      : a.coverage
        ? 'Covered by your package'
        : 'Nothing to pay';

/** The list's badge for what a package did: 'Covered' when it pays it all, '10% off' when it takes a discount (still to pay). */
export const coverageBadge = (a: Pick<Appointment, 'coverage' | 'requiresPayment' | 'discountPercent'>) =>
  !a.coverage ? undefined : a.requiresPayment ? (a.discountPercent ? `${a.discountPercent}% off` : undefined) : 'Covered';

/** States of a booking that will not go ahead: shown grey, not the green of Accepted. */
const ENDED = ['Cancelled', 'Declined', 'Expired', 'NoShow'];

export const statusClass = (status: string) =>
  `status-badge${status === 'Pending' || status === 'Unpaid' ? ' pending' : ENDED.includes(status) ? ' ended' : ''}`;

/** Who made the booking: the clinic's own (and whether the patient has confirmed it), or none shown for the patient's own. */
const bookedByText = (a: Appointment) =>
  a.confirmedByPatientAt ? `Our clinic, confirmed by you on ${formatDate(a.confirmedByPatientAt, { time: true })}` : 'Our clinic';

interface AppointmentDetailProps {
  appointment: Appointment;
  onBack: () => void;
  onPay: (a: Appointment) => void;
  onDelete: (a: Appointment) => void;
  onCancel: (a: Appointment) => void;
  /** Confirm of a booking the clinic made (@api/policy canConfirm); `confirming` while it is sent. */
  onConfirm: (a: Appointment) => void;
  confirming?: boolean;
}

/** One appointment: what was booked, its statuses and fee, and what the patient may do with it. */
export function AppointmentDetail({
  appointment: a,
  onBack,
  onPay,
  onDelete,
  onCancel,
  onConfirm,
  confirming = false,
}: AppointmentDetailProps) {
  const doctorName = [a.doctorOtherNames, a.doctorSurName].filter(Boolean).join(' ');
  const forName = bookedForName(a);
  const rows: DetailRow[] = [
    // The doctor of a doctor's service, whether it is paid or covered by a package.
    ...(doctorName
      ? ([
          ['Doctor', a.doctorSurName ? `Dr ${doctorName}` : doctorName],
          ['Specialty', a.doctorSpecialty ?? 'Dietician'],
        ] as [string, string][])
      : []),
    ['Service', a.requestedService],
    ...(a.bookedBy ? ([['Booked by', bookedByText(a)]] as [string, string][]) : []),
    ...(forName ? ([['For', forName]] as [string, string][]) : []),
    ['Day', formatDate(a.requestedDay)],
    [
      'Time',
      a.arrivalWindow
        ? `${a.assignedToName ?? 'Your clinician'} arrives between ${a.arrivalWindow.from} and ${a.arrivalWindow.to}`
        : (a.requestedTime ?? 'Our team will call to agree a time'),
    ],
    ...(a.address
      ? ([
          [
            'Address',
            // The landmark as typed ('Behind the Total station'), not 'near Behind ...'.
            [a.address.landmark ? `${a.address.line} (${a.address.landmark})` : a.address.line, a.address.digitalAddress]
              .filter(Boolean)
              .join(', '),
          ],
        ] as [string, string][])
      : []),
    ['Payment Status', <span className={statusClass(a.paymentStatus)}>{paymentText(a)}</span>],
    ['Health Problem', a.healthProblem || '—'],
    [
      'Appointment Status',
      <span className={statusClass(a.appointmentStatus)}>{appointmentStatusWords(a.appointmentStatus)}</span>,
    ],
    // What the clinic wrote: why it declined or cancelled, and after the visit its summary.
    ...(a.declineReason ? ([['Reason', a.declineReason]] as [string, string][]) : []),
    ...(a.visitSummary ? ([['Visit summary', a.visitSummary]] as [string, string][]) : []),
    // A follow-up the doctor suggested (docs/record.md), with the booking form prefilled for it.
    ...(a.followUp
      ? ([
          [
            'Follow-up',
            <>
              Around {formatDate(a.followUp.dueDate)}
              {a.followUp.note ? `: ${a.followUp.note}` : '.'} <Link to={followUpBookingPath(a)}>Book follow-up</Link>
            </>,
          ],
        ] as DetailRow[])
      : []),
    ...(a.prescriptionId ? ([['Prescription', 'Your e-prescription from the clinic']] as [string, string][]) : []),
    [
      'Fee',
      a.requiresPayment ? formatGhs(a.consultationFee) : a.coverage ? `Covered by your ${a.coverage.packageTitle}` : 'Free',
    ],
    ...(a.coverage ? ([['Package cover', a.coverage.note]] as [string, string][]) : []),
    ['Reference', a.clientReference],
  ];
  if (a.selectedLabs.length)
    rows.splice(
      rows.findIndex(([label]) => label === 'Day'),
      0,
      ['Lab tests', a.selectedLabs.map((l) => l.itemName).join(', ')],
    );
  const cannotMove = rescheduleNote(a);

  return (
    <article className="appointment-detail" aria-labelledby="appointment-detail-title">
      <button type="button" className="btn btn-outline back" onClick={onBack}>
        <ArrowLeft aria-hidden="true" size={18} /> Back to appointments
      </button>
      <h2 id="appointment-detail-title">{a.requestedService}</h2>
      <DetailsList rows={rows} />
      {(a.results ?? []).length > 0 && (
        <section aria-labelledby="appointment-results-title">
          <h3 id="appointment-results-title">Results</h3>
          <ul className="records-results">
            {a.results!.map((r) => (
              <li key={r.fileId}>
                <OpenResultButton appointmentId={a.appointmentId} result={r} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {canConfirm(a) && (
        <p className="hold-note" id="confirm-booking-note">
          Our clinic booked this for you. Please confirm it is yours: once you confirm it, pay for it or are checked in, its
          doctor can read your record for this visit.
        </p>
      )}
      {rebookingNote(a) && (
        <p className="hold-note" role="status">
          {rebookingNote(a)}
        </p>
      )}
      {holdNote(a) && <p className="hold-note">{holdNote(a)}</p>}
      {cannotMove && (
        <p className="hold-note">
          {cannotMove.replace(/\.$/, '')} on <a href={SITE.phoneHref}>{SITE.phone}</a>.
        </p>
      )}
      <JoinVisitLink appointment={a} />
      <div className="form-actions">
        {canConfirm(a) && (
          <button
            type="button"
            className="btn btn-primary"
            aria-describedby="confirm-booking-note"
            onClick={() => onConfirm(a)}
            disabled={confirming}
            aria-busy={confirming}
          >
            <CircleCheck aria-hidden="true" size={18} /> {confirming ? 'Confirming ...' : 'Confirm booking'}
          </button>
        )}
        {canPay(a) && (
          <button type="button" className="btn btn-primary" onClick={() => onPay(a)}>
            <CreditCard aria-hidden="true" size={18} /> Make Payment
          </button>
        )}
        <RescheduleButton appointment={a} />
        <OpenPrescriptionButton appointment={a} load={() => fetchAppointmentFile(a.appointmentId)} />
        {/* Only what the server would allow (@api/policy): a visit that is done, declined or ended offers neither. */}
        {canDelete(a) ? (
          <button type="button" className="btn btn-outline danger" onClick={() => onDelete(a)}>
            <Trash2 aria-hidden="true" size={18} /> Delete
          </button>
        ) : (
          canCancel(a) && (
            <button type="button" className="btn btn-outline danger" onClick={() => onCancel(a)}>
              <XCircle aria-hidden="true" size={18} /> Cancel
            </button>
          )
        )}
      </div>
    </article>
  );
}

/** Open <result>: one lab result's file, in a new tab (the detail and the records list both offer it). */
export function OpenResultButton({ appointmentId, result }: { appointmentId: string; result: { fileId: string; name: string } }) {
  return (
    <button type="button" className="btn btn-outline" onClick={() => void openResult(appointmentId, result).catch(showApiError)}>
      <FileDown aria-hidden="true" size={18} /> Open {result.name}
    </button>
  );
}
