/**
 * What the clinic's side reads of a patient's record (docs/record.md): the answer of
 * GET /staff/patients/{patientId}/record and of an appointment's record. Pure types.
 */
import type { LabRequest, Prescription } from './record';
import type { Dependant } from './subscriptions-contract';
import type { Appointment } from './types';

/** A prescription as staff see it: who wrote it too. */
export interface StaffPrescription extends Prescription {
  prescribedBy: { uid: string; role: string };
  dispensedBy?: string;
}

export interface RecordPatient {
  patientId: string;
  firstName: string;
  lastName: string;
  /** yyyy-MM-dd or '' */
  dateOfBirth: string;
  /** Whole years today (Ghana time), from dateOfBirth; null when not given. */
  age: number | null;
  /** The profile's gender (MALE, FEMALE). */
  sex: string;
  contactNumber: string;
  emailAddress: string;
  location: string;
  address: string;
  emergencyContact: string;
  nextOfKin: { name: string; contact: string; relationship: string; location: string };
}

/** GET /staff/patients/{patientId}/record (a doctor: only a patient they have an appointment with). */
export interface PatientRecord {
  patient: RecordPatient;
  /** The family members the patient books for (Family Care). */
  dependants: Dependant[];
  /** Every appointment, newest first, with its summary, clinical notes, follow-up and results. */
  appointments: Appointment[];
  prescriptions: StaffPrescription[];
  labRequests: LabRequest[];
}

/** GET /staff/appointments/{appointmentId}/record: what the visit produced, and what a booking carries. */
export interface AppointmentRecord {
  /** Written at this visit. */
  prescriptions: StaffPrescription[];
  labRequests: LabRequest[];
  /** A Medicine Delivery booking's e-prescription, or a lab booking's request. */
  carries: { prescription?: StaffPrescription; labRequest?: LabRequest };
}
