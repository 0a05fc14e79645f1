import { CLIENT_REFERENCE } from '../../api/client-reference';
import { isValidId } from '../../api/ids';
import { APPOINTMENT_STATES, type StaffAppointmentList } from '../../api/staff';
import type { Appointment } from '../../api/types';
import {
  appointmentRef,
  appointmentsByPrefix,
  appointmentsInDays,
  appointmentsOfPatients,
  appointmentsWhere,
  type AppointmentFilter,
  type StoredAppointment,
} from '../../store/appointments';
import { patientsByPrefix } from '../../store/patients';
import { phonePrefixOf } from '../shared/phone-search';
import { canSee, type Staff } from '../shared/staff-access';

/**
 * GET /staff/appointments?q=: the desk's search box (docs/front-desk.md). A reference or an
 * appointment id finds that one; a phone number finds the appointments of the people whose
 * number it is (in any form: 024..., +233..., 233...); anything else is a name, looked up as
 * typed and title-cased on the appointment (the person seen) and on patient records. Within a
 * day or a week, that day's or week's appointments are searched instead (a common name then
 * finds every one of them). The list's other filters and the caller's scope then apply; one
 * page, newest day first.
 */

const PER_QUERY = 100;
/** Most appointments a day's or a week's search reads. */
const PER_RANGE = 1000;
const titleCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();

async function byId(id: string): Promise<StoredAppointment[]> {
  const a = (await appointmentRef(id).get()).data();
  return a ? [a] : [];
}

async function candidates(q: string): Promise<StoredAppointment[]> {
  const found: Promise<StoredAppointment[]>[] = [];
  if (CLIENT_REFERENCE.test(q)) found.push(appointmentsWhere('clientReference', q, 5));
  if (isValidId(q)) found.push(byId(q));
  const phone = phonePrefixOf(q);
  if (phone) {
    const people = await patientsByPrefix('contactNumber', phone, 30);
    found.push(
      appointmentsOfPatients(
        people.map((p) => String(p.patientId)),
        PER_QUERY,
      ),
    );
    return (await Promise.all(found)).flat();
  }
  const words = [...new Set([q, titleCase(q)])];
  for (const name of words) {
    found.push(appointmentsByPrefix('lastName', name, PER_QUERY), appointmentsByPrefix('firstName', name, PER_QUERY));
  }
  // Patients found by name: their appointments too (a booking for someone else carries that person's name).
  const people = (
    await Promise.all(words.flatMap((w) => [patientsByPrefix('lastName', w, 10), patientsByPrefix('firstName', w, 10)]))
  ).flat();
  found.push(appointmentsOfPatients([...new Set(people.map((p) => String(p.patientId)))], PER_QUERY));
  return (await Promise.all(found)).flat();
}

/** The list's filters, applied in code to what the search found. */
function matches(a: Appointment & { assignedTo?: string; needsRebooking?: boolean }, f: AppointmentFilter): boolean {
  if (f.day && a.requestedDay !== f.day) return false;
  if (f.from && f.to && (a.requestedDay < f.from || a.requestedDay > f.to)) return false;
  if (f.status && a.appointmentStatus !== f.status) return false;
  if (f.doctorId && a.doctorId !== f.doctorId) return false;
  if (f.serviceId !== undefined && a.requestedServiceId !== f.serviceId) return false;
  if (f.assignedTo && a.assignedTo !== f.assignedTo) return false;
  if (f.needsRebooking && a.needsRebooking !== true) return false;
  return true;
}

const digitsOf = (s: string) => s.replace(/\D/g, '');

/** Whether an appointment of the day or week answers q (the same meanings as above, read in code). */
function answers(a: Appointment, q: string): boolean {
  if (a.clientReference === q || a.appointmentId === q) return true;
  const phone = phonePrefixOf(q);
  if (phone) return digitsOf(phonePrefixOf(a.contactNumber) ?? a.contactNumber).startsWith(digitsOf(phone));
  const name = q.toLowerCase();
  const first = a.firstName.toLowerCase();
  const last = a.lastName.toLowerCase();
  return first.startsWith(name) || last.startsWith(name) || `${first} ${last}`.startsWith(name);
}

export async function searchAppointments(
  staff: Staff,
  q: string,
  filter: AppointmentFilter,
  limit: number,
): Promise<StaffAppointmentList> {
  const text = q.trim();
  const found =
    filter.day || filter.from
      ? (await appointmentsInDays(filter, PER_RANGE)).filter((a) => answers(a as Appointment, text))
      : await candidates(text);
  const byId = new Map<string, Appointment>();
  for (const d of found) {
    const a = d as Appointment;
    if (a.appointmentStatus !== 'Deleted' && canSee(staff, a) && matches(a, filter)) byId.set(a.appointmentId, a);
  }
  const sorted = [...byId.values()].sort(
    (a, b) =>
      b.requestedDay.localeCompare(a.requestedDay) ||
      (a.requestedTime ?? '').localeCompare(b.requestedTime ?? '') ||
      a.createdAt.localeCompare(b.createdAt),
  );
  const counts = Object.fromEntries(APPOINTMENT_STATES.map((s) => [s, sorted.filter((a) => a.appointmentStatus === s).length]));
  return { items: sorted.slice(0, limit), nextCursor: null, counts };
}
