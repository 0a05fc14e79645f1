import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { createApp } from '../../app';
import { LEGAL_RETENTION_YEARS } from '../../api/retention';
import type { AppointmentState } from '../../api/staff';
import type { Appointment } from '../../api/types';
import { sendDueFollowUps } from '../../notifications/follow-ups';
import { seedCatalog } from '../../seed/seed';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createStaffUser, createTestUser, type TestUser } from '../../test-support/auth';
import { smsDocsOf } from '../../test-support/sms';
import { mailDocsOf } from '../../test-support/mail';
import { startingIn, storedAppointment } from '../../test-support/staff';

/**
 * The record over time (docs/record.md): the follow-up reminder (once, with a link that
 * books it), the patient's copy of their data, and what erasure keeps of the clinical record.
 */
const app = createApp();
const bearer = (u: TestUser) => ({ Authorization: `Bearer ${u.idToken}` });
const doc = (collection: string, id: string) => db().collection(collection).doc(id);

let doctor: TestUser;
let staff: TestUser;

beforeAll(async () => {
  await seedCatalog(db());
  [doctor, staff] = await Promise.all([createStaffUser('doctor', 'dr-mensah'), createStaffUser('staff')]);
});

const NOTES = { complaint: 'Headache', findings: 'BP 150/95', assessment: 'Hypertension, new', plan: 'Start amlodipine' };

/** A visit; checked in, it is under way (started 10 minutes ago), so it can be completed. */
const visit = (patientId: string, state: AppointmentState = 'CheckedIn', overrides: Partial<Appointment> = {}) =>
  storedAppointment(patientId, state, {
    ...(state === 'CheckedIn' ? startingIn(-10) : {}),
    requestedServiceId: 1,
    requestedService: 'Virtual Consultation (Telemedicine)',
    doctorId: 'dr-mensah',
    ...overrides,
  });

const ITEM = {
  medicine: 'Amlodipine',
  strength: '5 mg',
  dose: '1 tablet',
  frequency: 'once a day',
  duration: '30 days',
  quantity: 30,
};

describe('follow-up reminders (notifications/follow-ups.ts)', () => {
  it('when a suggested follow-up is due, then the patient is reminded once, with a link that books the same service and doctor', async () => {
    const patient = await createTestUser();
    const a = await visit(patient.uid, 'CheckedIn');
    const completed = await request(app)
      .post(`/api/staff/appointments/${a.appointmentId}/complete`)
      .set(bearer(doctor))
      .send({ visitSummary: 'Blood pressure high: tablets daily.', followUp: { afterDays: 1, note: 'Bring your BP readings' } });
    expect(completed.status).toBe(200);
    // Due tomorrow, so the reminder was due at once (2 days before).
    const now = new Date(Date.now() + 1000);

    const first = await sendDueFollowUps({ now });
    expect(first.sent).toBeGreaterThanOrEqual(1);
    const mails = (await mailDocsOf(patient.uid)).filter((m) => m.event === 'reminder.follow-up');
    expect(mails).toHaveLength(1);
    expect(mails[0].message.text).toContain('/appointment-page?service=1&doctor=dr-mensah');
    expect(mails[0].message.text).toContain('Bring your BP readings');
    expect((await smsDocsOf(patient.uid)).filter((s) => s.event === 'reminder.follow-up')).toHaveLength(1);

    await sendDueFollowUps({ now: new Date(now.getTime() + 60_000) });
    expect((await mailDocsOf(patient.uid)).filter((m) => m.event === 'reminder.follow-up')).toHaveLength(1);
    expect((await doc(COLLECTIONS.reminders, `${a.appointmentId}_follow-up`).get()).exists).toBe(true);
  });

  it('when the follow-up is weeks away, then nothing is sent yet; a reminder missed by more than a week is not sent late', async () => {
    const patient = await createTestUser();
    const later = await visit(patient.uid, 'Completed', {
      followUp: { dueDate: '2099-01-01', note: '', remindAt: '2098-12-30T08:00:00.000Z', suggestedBy: 'x' },
    });
    const missed = await visit(patient.uid, 'Completed');
    await doc(COLLECTIONS.appointments, later.appointmentId).update({
      'followUp.remindAt': Timestamp.fromDate(new Date('2098-12-30T08:00:00Z')),
    });
    await doc(COLLECTIONS.appointments, missed.appointmentId).update({
      followUp: {
        dueDate: '2020-01-10',
        note: '',
        suggestedBy: 'x',
        remindAt: Timestamp.fromDate(new Date(Date.now() - 8 * 86_400_000)),
      },
    });
    await sendDueFollowUps();
    expect((await mailDocsOf(patient.uid)).filter((m) => m.event === 'reminder.follow-up')).toEqual([]);
  });
});

describe('the patient’s copy of their data (GET /patient/{patientId}/export)', () => {
  it('when the patient downloads their data, then it holds their prescriptions, lab requests and the clinic’s visit notes', async () => {
    const patient = await createTestUser();
    const a = await visit(patient.uid, 'CheckedIn', { clinicalNotes: NOTES });
    const rx = await request(app)
      .post(`/api/staff/appointments/${a.appointmentId}/prescriptions`)
      .set(bearer(doctor))
      .send({ items: [ITEM] });
    const labs = await request(app)
      .post(`/api/staff/appointments/${a.appointmentId}/lab-requests`)
      .set(bearer(doctor))
      .send({ tests: ['fbs'] });
    const res = await request(app).get(`/api/patient/${patient.uid}/export`).set(bearer(patient));
    expect(res.status).toBe(200);
    expect(res.body.data.prescriptions).toEqual([
      expect.objectContaining({ prescriptionId: rx.body.data.prescriptionId, items: [ITEM] }),
    ]);
    expect(res.body.data.labRequests).toEqual([
      expect.objectContaining({ labRequestId: labs.body.data.labRequestId, tests: ['fbs'] }),
    ]);
    expect(res.body.data.visitNotes).toEqual([
      {
        appointmentId: a.appointmentId,
        requestedService: a.requestedService,
        requestedDay: a.requestedDay,
        clinicalNotes: NOTES,
      },
    ]);
  });
});

describe('erasure keeps the clinical record for its retention period (DELETE /patient/{patientId})', () => {
  it('when the patient deletes their account, then notes, prescriptions, lab requests and results stay under the erased id until 10 years after the last appointment', async () => {
    const patient = await createTestUser();
    const a = await visit(patient.uid, 'CheckedIn', {
      clinicalNotes: NOTES,
      requestedDay: '2026-01-15',
      firstName: 'Adjoa',
      lastName: 'Kyei',
    });
    const { prescriptionId } = (
      await request(app)
        .post(`/api/staff/appointments/${a.appointmentId}/prescriptions`)
        .set(bearer(doctor))
        .send({ items: [ITEM] })
    ).body.data;
    const { labRequestId } = (
      await request(app)
        .post(`/api/staff/appointments/${a.appointmentId}/lab-requests`)
        .set(bearer(doctor))
        .send({ tests: ['fbc'] })
    ).body.data;
    const lab = await storedAppointment(patient.uid, 'Completed', {
      requestedServiceId: 6,
      doctorId: null,
      requestedDay: '2026-02-20',
    });
    const { fileId } = (
      await request(app)
        .post(`/api/staff/appointments/${lab.appointmentId}/results`)
        .set(bearer(staff))
        .set('Content-Type', 'application/pdf')
        .send(Buffer.from('%PDF-1.4\nresult\n%%EOF\n'))
    ).body.data;
    await doc(COLLECTIONS.appointments, a.appointmentId).update({ appointmentStatus: 'Completed' });

    const erased = await request(app).delete(`/api/patient/${patient.uid}`).set(bearer(patient));
    expect(erased.status).toBe(200);

    const keptUntil = new Date(`${2026 + LEGAL_RETENTION_YEARS.medicalRecords}-02-20T00:00:00Z`).getTime();
    const [visitDoc, prescription, labRequest, file] = await Promise.all([
      doc(COLLECTIONS.appointments, a.appointmentId).get(),
      doc(COLLECTIONS.prescriptions, prescriptionId).get(),
      doc(COLLECTIONS.labRequests, labRequestId).get(),
      doc(COLLECTIONS.files, fileId).get(),
    ]);
    const erasedId = visitDoc.get('patientId');
    expect(erasedId).toMatch(/^erased-/);
    expect(visitDoc.get('clinicalNotes')).toEqual(NOTES);
    expect(visitDoc.get('firstName')).toBe('');
    expect(prescription.data()).toMatchObject({ patientId: erasedId, patientName: '', patientInitials: '', items: [ITEM] });
    expect(labRequest.get('patientId')).toBe(erasedId);
    expect(file.get('patientId')).toBe(erasedId);
    for (const kept of [visitDoc, prescription, labRequest, file]) expect(kept.get('expireAt').toMillis()).toBe(keptUntil);
  });
});
