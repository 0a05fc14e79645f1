import { isClinicRecord, type StaffBookingRequest } from '../../api/front-desk';
import type { Appointment } from '../../api/types';
import { conflict, notFound } from '../../http/errors';
import { findPatient } from '../../store/patients';
import { createAppointment } from './appointments';
import type { Staff } from '../shared/staff-access';

/**
 * POST /staff/appointments: staff book for a patient (an account or a clinic record) through
 * the patient's own booking path (services/booking/appointments.ts createAppointment): free slots,
 * capacity, closed days, fees and package allowances by the server, the same lifecycle. Who it
 * is for (name, gender, e-mail, phone) comes from the patient's record, never from the body;
 * the appointment says who booked it (bookedBy, source CLINIC). Notices go to the record's own
 * e-mail and phone: a clinic record without an e-mail gets SMS only; an account holder's carry the
 * link that confirms the booking, so its doctor may open their record (docs/record.md 'Who reads what').
 */
export async function bookForPatient(staff: Staff, { patientId, ...booking }: StaffBookingRequest): Promise<Appointment> {
  const patient = await findPatient(patientId);
  if (!patient) throw notFound('We could not find that person. Find them by phone or name, or add them first.');
  if (patient.claimedBy)
    throw conflict('This clinic record now belongs to an account: find the person again and book on the account.');
  return createAppointment(
    patientId,
    {
      ...booking,
      bookFor: 'SELF',
      firstName: patient.firstName,
      lastName: patient.lastName,
      gender: patient.gender ?? '',
      emailAddress: patient.emailAddress ?? '',
      contactNumber: patient.contactNumber,
    },
    {
      accountEmail: patient.emailAddress || undefined,
      bookedBy: { uid: staff.uid, role: staff.role },
      // An account holder confirms it by the link in its notice; a clinic record has no sign-in (paid or checked in counts).
      confirmByLink: !isClinicRecord(patient.source),
    },
  );
}
