import { exportHtml, withoutInternal } from '../api/data-export';
import type { Patient, PatientDataExport } from '../api/types';
import { sampleAppointment } from '../notifications/__tests__/sample-appointment';

const profile: Patient = {
  patientId: 'uid-1',
  firstName: 'Abena',
  lastName: 'Asante <b>',
  emailAddress: 'abena@example.com',
  contactNumber: '+233241234567',
  patientLocation: 'Cape Coast',
  gender: 'FEMALE',
  consentForTreatment: true,
  patientPicture: '',
  dateOfBirth: '1990-05-14',
  address: '',
  emergencyContact: '',
  recoveryEmail: '',
  recoveryContact: '',
  idType: '',
  idNumber: '',
  nameOfNextOfKin: '',
  nextOfKinContact: '',
  nextOfKinLocation: '',
  nextOfKinRelationship: '',
  nextOfKinBirthdate: '',
  notificationToken: 'device-token-123',
  buildNumber: '42',
  versionNumber: '1.0.3',
  accountStatus: 'Activated',
  userType: 'patient',
  entryDate: '2026-11-20 09:15:00',
  lastLogIn: '2026-11-26 08:00:00',
  verifyDate: '2026-11-20 09:20:00',
  wallet: 0,
  balance: 0,
};

const data: PatientDataExport = {
  exportedAt: '2026-11-26 10:00:00',
  controller: 'ExpMed Health',
  privacyNoticeVersion: '2026-11-01',
  profile,
  consents: {
    treatment: { given: true, at: '2026-11-20T09:15:00.000Z', privacyNoticeVersion: '2026-11-01' },
    marketing: { subscribed: false },
  },
  subscriptions: [],
  dependants: [],
  appointments: [
    { ...sampleAppointment({ requestedDay: '2026-11-27', requestedTime: '10:30' }), checkoutDirectUrl: 'https://x' },
  ],
  orders: [],
  newsletter: { subscribed: false },
  contactMessages: [],
  enquiries: [],
  prescriptions: [
    {
      prescriptionId: 'rx-1',
      appointmentId: 'appt-1',
      patientId: 'uid-1',
      doctorId: 'dr-owusu',
      doctor: 'Dr Kofi Owusu',
      items: [
        {
          medicine: 'Paracetamol',
          strength: '500 mg',
          dose: '1 tablet',
          frequency: '3 times a day',
          duration: '5 days',
          quantity: 15,
        },
      ],
      code: 'AB23CD45',
      status: 'Issued',
      issuedAt: '2026-11-27 10:50:00',
    },
  ],
  labRequests: [],
  visitNotes: [
    {
      appointmentId: 'appt-1',
      requestedService: 'Virtual Consultation',
      requestedDay: '2026-11-27',
      clinicalNotes: { complaint: 'Fever', findings: 'Temp 38.2', assessment: 'Malaria?', plan: 'RDT' },
    },
  ],
};

describe('the data export', () => {
  it('leaves out the system’s own fields at any depth, and keeps the person’s', () => {
    const copy = withoutInternal(data);
    const text = JSON.stringify(copy);
    expect(text).not.toMatch(/notificationToken|buildNumber|versionNumber|checkoutDirectUrl|"wallet"|"userType"/);
    expect(copy.profile).toMatchObject({ firstName: 'Abena', contactNumber: '+233241234567', dateOfBirth: '1990-05-14' });
    expect(copy.appointments).toEqual([
      expect.objectContaining({ requestedService: 'Virtual Consultation', clientReference: 'ref-abc123' }),
    ]);
  });

  it('is a page a person reads: grouped as the privacy page groups it, dates and money as people write them, text escaped', () => {
    const html = exportHtml(withoutInternal(data));
    const headings = [...html.matchAll(/<h2>(.*?)<\/h2>/g)].map((m) => m[1]);
    expect(headings).toEqual([
      'Your account',
      'Appointments',
      'Your medical record',
      'Payments',
      'Newsletter',
      'Messages and enquiries',
    ]);
    expect(html).toContain('<h4>Virtual Consultation, Fri 27 Nov 2026 at 10:30</h4>');
    expect(html).toContain('<dt>Fee</dt><dd>GHS 150.00</dd>');
    expect(html).toContain('<dt>Date of birth</dt><dd>14 May 1990</dd>');
    expect(html).toContain('Made on Thu 26 Nov 2026, 10:00 (Ghana time)');
    expect(html).toContain('Asante &lt;b&gt;');
    expect(html).not.toContain('Asante <b>');
    expect(html).not.toMatch(/device-token|buildNumber|Build number/);
    expect(html).toContain('You have no orders.');
    expect(html).toContain('<h4>Prescription AB23CD45, Fri 27 Nov 2026</h4>');
    expect(html).toContain('<dt>Presenting complaint</dt><dd>Fever</dd>');
    expect(html).toContain('No lab requests.');
  });
});
