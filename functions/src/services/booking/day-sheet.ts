import type { DocumentData, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { AT_HOME_SERVICE_IDS, atHome } from '../../api/booking-request';
import { mapLink } from '../../api/map-link';
import { STATE_LABEL, type AppointmentState } from '../../api/staff';
import type { Appointment } from '../../api/types';
import { forbidden } from '../../http/errors';
import { appointmentsCollection } from '../../store/appointments';
import { accountsOfDoctor } from '../../store/staff';
import { plainValue } from '../../store/converter';

import { csvOf } from '../shared/csv';
import { auditAs, canSee, pageShown, type Staff } from '../shared/staff-access';

/**
 * GET /staff/appointments/day-sheet.csv (docs/front-desk.md): one day's plan, for a doctor (their
 * appointments and the visits assigned to their accounts) or for the home visits and deliveries,
 * as a CSV for a spreadsheet or a printer; cells are formula-safe (services/shared/csv.ts). Doctors get
 * their own sheet, nurses only the visits assigned to them. The export is audited.
 */

/** What is no longer on the day's plan. */
const OFF_THE_PLAN = ['Cancelled', 'Declined', 'Expired', 'Deleted'];

const appointments = appointmentsCollection;
const plain = (docs: QueryDocumentSnapshot[]) =>
  docs.map((d) => ({ ...(plainValue(d.data()) as DocumentData), appointmentId: d.id }) as Appointment);

async function doctorsDay(day: string, doctorId: string): Promise<Appointment[]> {
  const uids = await accountsOfDoctor(doctorId);
  const [own, assigned] = await Promise.all([
    appointments().where('requestedDay', '==', day).where('doctorId', '==', doctorId).get(),
    uids.length ? appointments().where('requestedDay', '==', day).where('assignedTo', 'in', uids).get() : undefined,
  ]);
  return [...plain(own.docs), ...plain(assigned?.docs ?? [])];
}

async function homeVisitsOf(day: string): Promise<Appointment[]> {
  const snap = await appointments()
    .where('requestedDay', '==', day)
    .where('requestedServiceId', 'in', [...AT_HOME_SERVICE_IDS])
    .get();
  return plain(snap.docs).filter((a) => atHome(a.requestedServiceId, a.requestedServiceOption));
}

const HEADER = [
  'Time',
  'Arrival window',
  'Patient',
  'Phone',
  'Service',
  'Address',
  'Landmark',
  'Digital address',
  'Map',
  'Clinician',
  'Status',
  'Payment',
  'Reference',
  'Health problem',
];

function row(a: Appointment): unknown[] {
  const doctor = a.doctorSurName ? `Dr ${a.doctorOtherNames ?? ''} ${a.doctorSurName}`.replace(/\s+/g, ' ') : '';
  return [
    a.requestedTime ?? '',
    a.arrivalWindow ? `${a.arrivalWindow.from}-${a.arrivalWindow.to}` : '',
    `${a.firstName} ${a.lastName}`.trim(),
    a.contactNumber,
    a.requestedService,
    a.address?.line ?? '',
    a.address?.landmark ?? '',
    a.address?.digitalAddress ?? '',
    mapLink(a.address) ?? '',
    a.assignedToName ?? doctor,
    STATE_LABEL[a.appointmentStatus as AppointmentState] ?? a.appointmentStatus,
    a.requiresPayment ? a.paymentStatus : 'No fee',
    a.clientReference,
    a.healthProblem,
  ];
}

const byTime = (a: Appointment, b: Appointment) =>
  (a.requestedTime ?? a.arrivalWindow?.from ?? '99').localeCompare(b.requestedTime ?? b.arrivalWindow?.from ?? '99') ||
  a.lastName.localeCompare(b.lastName);

export async function daySheetCsv(
  staff: Staff,
  q: { day: string; doctorId?: string; homeVisits?: boolean },
): Promise<{ filename: string; csv: string }> {
  if (q.doctorId && staff.role === 'doctor' && q.doctorId !== staff.doctorId) throw forbidden("That is another doctor's day.");
  if (q.doctorId && staff.role === 'nurse') throw forbidden("A nurse's sheet is her home visits: ask for homeVisits=true.");
  const found = q.doctorId ? await doctorsDay(q.day, q.doctorId) : await homeVisitsOf(q.day);
  const unique = new Map(found.map((a) => [a.appointmentId, a]));
  const listed = [...unique.values()].filter((a) => !OFF_THE_PLAN.includes(a.appointmentStatus) && canSee(staff, a)).sort(byTime);
  const which = q.doctorId ? `doctor=${q.doctorId}` : 'homeVisits';
  await auditAs(staff, {
    action: 'appointments.day-sheet',
    target: `appointments?day=${q.day}&${which}`,
    ...pageShown(
      { day: q.day, doctorId: q.doctorId, homeVisits: q.homeVisits ? 'true' : undefined },
      { patientIds: listed.map((a) => a.patientId) },
    ),
  });
  return { filename: `day-sheet-${q.day}-${q.doctorId ?? 'home-visits'}.csv`, csv: csvOf([HEADER, ...listed.map(row)]) };
}
