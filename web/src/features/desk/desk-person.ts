/** The person a desk booking is for, as the "Book for a patient" steps carry them. */
import type { Patient } from '@api/types';

export interface DeskPerson {
  patientId: string;
  name: string;
  contactNumber: string;
  emailAddress: string;
  /** The town on their record: the booking's Location starts with it. */
  location: string;
  /** A record the clinic holds without an account (no sign-in; the phone is how we reach them). */
  clinicRecord: boolean;
  /** Whether the phone was proved by a code: a clinic record needs it before a booking. */
  phoneChecked: boolean;
  /** Whether the e-mail address the desk typed was proved by a code: a clinic record's gets no mail before. */
  emailChecked: boolean;
}

export function personOf(p: Patient): DeskPerson {
  const clinicRecord = p.source === 'CLINIC' || p.accountStatus === 'Clinic';
  return {
    patientId: p.patientId,
    name: `${p.firstName} ${p.lastName}`.trim(),
    contactNumber: p.contactNumber,
    emailAddress: p.emailAddress ?? '',
    location: p.patientLocation ?? '',
    clinicRecord,
    phoneChecked: !clinicRecord || Boolean(p.phoneVerifiedAt),
    emailChecked: !clinicRecord || Boolean(p.emailVerifiedAt),
  };
}
