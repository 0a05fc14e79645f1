import { type Appointment, APPOINTMENT_STATUS } from '@api/types';
import { isVirtualVisit } from '@api/visits';

/** A virtual visit that can still be held: accepted, or checked in once the patient was admitted. */
export const canStartVisit = (a: Appointment) =>
  isVirtualVisit(a) &&
  (a.appointmentStatus === APPOINTMENT_STATUS.Accepted || a.appointmentStatus === APPOINTMENT_STATUS.CheckedIn);
