import type { Prescription, PrescriptionItem } from '@api/record';

/** One medicine as a doctor writes it on the Prescribe form. */
export const AMOXICILLIN: PrescriptionItem = {
  medicine: 'Amoxicillin',
  strength: '500 mg',
  dose: '1 capsule',
  frequency: '3 times a day',
  duration: '5 days',
  quantity: 15,
};

/** Patient p1's prescription from visit1, as GET /prescriptions/{patientId} answers it, with `change` on top. */
export const prescription = (change: Partial<Prescription> = {}): Prescription => ({
  prescriptionId: 'rx1',
  appointmentId: 'visit1',
  patientId: 'p1',
  doctorId: 'dr-mensah',
  doctor: 'Dr Kwame Mensah',
  items: [AMOXICILLIN],
  code: 'AB23CD45',
  status: 'Issued',
  issuedAt: '2026-11-26T10:00:00.000Z',
  ...change,
});
