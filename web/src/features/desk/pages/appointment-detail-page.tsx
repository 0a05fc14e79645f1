import { ArrowLeft, ClipboardList, MapPin } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatDate, formatGhs } from '@api/format';
import { deskMovableStates } from '@api/policy';
import { SERVICE_OPTION_WORDS, atHome } from '@api/service-catalog';
import type { StaffAction } from '@api/staff';
import { DetailsList, type DetailRow } from '@/components/details-list';
import { OpenPrescriptionButton } from '@/components/open-prescription-button';
import { usePageTitle } from '@/components/page-title';
import { SpinnerOverlay } from '@/components/spinner';
import { fetchStaffAppointmentFile } from '@/features/desk/api/appointments-api';
import { useAppointmentAction, useStaffAppointment, type StaffAppointment } from '@/features/staff/api/appointment-api';
import type { StaffAppointmentDetail } from '@api/staff';
import { Loaded, PageHeader, StateBadge } from '@/features/staff/components/list-parts';
import { AssignAction } from '@/features/desk/components/assign-action';
import { appointmentLine, CompleteVisitDialog } from '@/features/record/components/complete-visit-dialog';
import { MessagesSection } from '@/features/desk/components/messages-section';
import { RescheduleAction } from '@/features/desk/components/reschedule-action';
import { VisitRecordSection } from '@/features/record/components/visit-record-section';
import { StartVisitLink, visitRows } from '@/features/desk/components/visit-mark';
import { ACTION_LABELS, isEndingAction, offeredActions, resultOf } from '@/features/staff/lifecycle';
import { isDesk, RECORD_ROLES } from '@/features/staff/nav';
import { useStaff } from '@/features/staff/staff-session';
import { addressText, canStartVisit, mapLink, windowText } from '@/features/staff/visits';
import { confirm, showApiError, showSuccess } from '@/lib/dialogs';
import { readyToSetOff, saidTooEarly } from '@/features/desk/field-steps';
import { askText } from '@/lib/text-dialog';
import { genderText } from '@/lib/choices';
import { formatPhone } from '@api/ghana-phone';

/** Send payment link / Record payment: loaded only for an unpaid booking, with its schema. */
const DeskPayment = lazy(() => import('@/features/desk/components/desk-payment'));

/** What an action needs from the person before it is sent: a reason or a yes. undefined: they stepped back. */
async function askFor(action: StaffAction, a: StaffAppointment): Promise<Record<string, string> | undefined> {
  const who = appointmentLine(a);
  switch (action) {
    case 'decline': {
      const reason = await askText({
        title: 'Decline appointment?',
        label: 'Reason',
        text: `${who}. The patient reads this reason.`,
        confirmButtonText: 'Decline',
        multiline: true,
      });
      return reason === undefined ? undefined : { reason };
    }
    case 'on-the-way':
      return (await readyToSetOff(a)) ? {} : undefined;
    case 'cancel':
      return (await confirm(
        'Cancel appointment?',
        'Yes, cancel',
        `${who}. The cancellation policy applies; a paid one is refunded as it says.`,
        'Keep appointment',
      ))
        ? {}
        : undefined;
    default:
      return {};
  }
}

/** A home visit's rows: where, who goes and when. */
function homeVisitRows(a: StaffAppointment): DetailRow[] {
  const map = mapLink(a.address);
  return [
    [
      'Address',
      <>
        {addressText(a.address, a.location) || '—'}
        {map && (
          <>
            {' '}
            <a href={map} target="_blank" rel="noopener noreferrer">
              <MapPin aria-hidden="true" size={16} /> Map
            </a>
          </>
        )}
      </>,
    ],
    ['Digital address', a.address?.digitalAddress || '—'],
    ['Clinician', a.assignedToName ? `${a.assignedToName}${a.assignedToRole ? ` (${a.assignedToRole})` : ''}` : 'Not assigned'],
  ];
}

function rowsOf(a: StaffAppointmentDetail): DetailRow[] {
  const doctor = [a.doctorOtherNames, a.doctorSurName].filter(Boolean).join(' ');
  const home = atHome(a.requestedServiceId, a.requestedServiceOption);
  const rows: DetailRow[] = [
    ['Status', <StateBadge state={a.appointmentStatus} />],
    ['Patient', `${a.firstName} ${a.lastName}${a.bookFor === 'OTHERS' ? ' (booked by someone else)' : ''}`],
    ['Phone', <a href={`tel:${a.contactNumber}`}>{formatPhone(a.contactNumber)}</a>],
    ['Email', <a href={`mailto:${a.emailAddress}`}>{a.emailAddress}</a>],
    ['Location', a.location || '—'],
    ...(home ? homeVisitRows(a) : []),
    ['Gender', genderText(a.gender)],
    [
      'Service',
      a.requestedService +
        (a.requestedServiceOption ? ` (${SERVICE_OPTION_WORDS[a.requestedServiceOption] ?? a.requestedServiceOption})` : ''),
    ],
    ['Day', formatDate(a.requestedDay)],
    ['Time', a.requestedTime ?? (a.arrivalWindow ? `Arriving ${windowText(a.arrivalWindow)}` : 'To agree with the patient')],
    ['Doctor', doctor ? `Dr ${doctor}` : '—'],
    ['Health problem', a.healthProblem || '—'],
    [
      'Payment',
      a.requiresPayment ? (
        <>
          <StateBadge state={a.paymentStatus} /> {formatGhs(a.consultationFee)}
        </>
      ) : a.coverage ? (
        `Covered by ${a.coverage.packageTitle}`
      ) : (
        'Free'
      ),
    ],
    ['Reference', a.clientReference],
    ['Booked', `${formatDate(a.createdAt || a.timeOfRequest, { time: true })}${a.bookedBy ? ' at the desk' : ' by the patient'}`],
  ];
  if (a.needsRebooking) rows.unshift(['Needs rebooking', a.needsRebookingReason || 'Yes']);
  if (a.selectedLabs.length) rows.push(['Lab tests', a.selectedLabs.map((l) => l.itemName).join(', ')]);
  if (a.organiztionName)
    rows.push(['Organisation', `${a.organiztionName}, ${a.organiztionLocation ?? ''} (${a.expectedPeople ?? '?'} people)`]);
  if (a.declineReason) rows.push(['Decline reason', a.declineReason]);
  if (a.visitSummary) rows.push(['Visit summary', a.visitSummary]);
  return [...rows, ...visitRows(a.visit)];
}

/** One appointment: who, what, when, the payment, and the lifecycle's next steps. */
export default function AppointmentDetailPage() {
  const { appointmentId = '' } = useParams();
  const staff = useStaff();
  const desk = isDesk(staff.role);
  const appointment = useStaffAppointment(appointmentId);
  const acting = useAppointmentAction();
  const [completing, setCompleting] = useState(false);
  const a = appointment.data;
  const home = a ? atHome(a.requestedServiceId, a.requestedServiceOption) : false;
  const unpaid = a?.requiresPayment && a.paymentStatus === 'Unpaid' && ['Pending', 'Accepted'].includes(a.appointmentStatus);
  usePageTitle(a ? `${a.firstName} ${a.lastName}: appointment` : 'Appointment');

  async function act(action: StaffAction) {
    if (!a) return;
    // Completing asks for the summary, the clinical notes and a follow-up in a form of its own.
    if (action === 'complete') {
      if (!(await saidTooEarly(a))) setCompleting(true);
      return;
    }
    const body = await askFor(action, a);
    if (!body) return;
    try {
      await acting.mutateAsync({ appointmentId: a.appointmentId, action, body });
      await showSuccess('Saved!', `The appointment has been ${resultOf(action)}.`);
    } catch (err) {
      // 409: someone moved it first; the server's msg names the state, and the detail refetches.
      await showApiError(err);
    }
  }

  return (
    <div className="staff-page">
      <Link to={a ? `/staff/appointments?day=${a.requestedDay}` : '/staff/appointments'} className="staff-back">
        <ArrowLeft aria-hidden="true" size={18} /> Back to appointments
      </Link>
      <PageHeader title={a ? `${a.firstName} ${a.lastName}` : 'Appointment'}>
        {a && RECORD_ROLES.includes(staff.role) && (
          <Link to={`/staff/records/${encodeURIComponent(a.patientId)}`} className="btn btn-outline">
            <ClipboardList aria-hidden="true" size={18} /> Patient record
          </Link>
        )}
      </PageHeader>
      <Loaded query={appointment}>
        {(a) => (
          <article className="staff-card" aria-label="Appointment">
            <DetailsList rows={rowsOf(a)} />
            <div className="form-actions">
              <OpenPrescriptionButton appointment={a} load={() => fetchStaffAppointmentFile(a.appointmentId)} />
              {offeredActions(a.appointmentStatus, { role: staff.role, atHome: home }).map((action) => (
                <button
                  key={action}
                  type="button"
                  className={isEndingAction(action) ? 'btn btn-outline' : 'btn btn-primary'}
                  disabled={acting.isPending}
                  onClick={() => void act(action)}
                >
                  {ACTION_LABELS[action]}
                </button>
              ))}
              {staff.role !== 'nurse' && <RescheduleAction appointment={a} disabled={acting.isPending} />}
              {desk && home && deskMovableStates(home).includes(a.appointmentStatus) && (
                <AssignAction appointment={a} disabled={acting.isPending} />
              )}
              {staff.role === 'doctor' && canStartVisit(a) && <StartVisitLink appointment={a} />}
            </div>
          </article>
        )}
      </Loaded>
      {a && desk && unpaid && (
        <Suspense fallback={null}>
          <DeskPayment appointment={a} />
        </Suspense>
      )}
      {/* The medical record is not a nurse's (routes/staff-record.ts): her visit's page shows none. */}
      {a && RECORD_ROLES.includes(staff.role) && <VisitRecordSection appointment={a} role={staff.role} />}
      {a && <MessagesSection about="appointments" id={a.appointmentId} />}
      {a && completing && <CompleteVisitDialog appointment={a} onClose={() => setCompleting(false)} />}
      <SpinnerOverlay show={acting.isPending} />
    </div>
  );
}
