/**
 * Visits as the console shows them: a home visit's address, a map link built from it, and when
 * the clinician means to arrive (docs/front-desk.md); whether a video visit can be started.
 * Pure: the pages and tests share it.
 */
import type { HomeAddress } from '@api/booking-request';
import type { ArrivalWindow } from '@api/front-desk';
import { type Appointment, APPOINTMENT_STATUS } from '@api/types';
import { isVirtualVisit } from '@api/visits';

/** 'line (landmark), town': what a person reads. */
export function addressText(address: HomeAddress | null | undefined, town?: string | null): string {
  if (!address) return town ?? '';
  const line = address.landmark ? `${address.line} (${address.landmark})` : address.line;
  return [line, town ?? ''].filter(Boolean).join(', ');
}

/** The map link of a visit (@api/map-link): the GhanaPost code when given, else the street and landmark. */
export { mapLink } from '@api/map-link';

/** '10:00–12:00', or undefined when no window was agreed. */
export const windowText = (w: ArrivalWindow | null | undefined) => (w ? `${w.from}–${w.to}` : undefined);

/** A virtual visit that can still be held: accepted, or checked in once the patient was admitted. */
export const canStartVisit = (a: Appointment) =>
  isVirtualVisit(a) &&
  (a.appointmentStatus === APPOINTMENT_STATUS.Accepted || a.appointmentStatus === APPOINTMENT_STATUS.CheckedIn);
