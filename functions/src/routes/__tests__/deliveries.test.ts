import request from 'supertest';
import { createApp } from '../../app';
import type { Delivery } from '../../api/notifications';
import { seedCatalog } from '../../seed/seed';
import { db } from '../../store/firebase';
import { createStaffUser, createTestUser, type TestUser } from '../../test-support/auth';
import { virtualConsultationBooking } from '../../test-support/booking';
import { failNextMail, mailDocsOf, sinkMailTo } from '../../test-support/mail';
import { eventually, freshPhone, setPatientContact } from '../../test-support/sms';

/** The staff's delivery log: the mails and SMS about an appointment or a patient, with their status. */
const app = createApp();

let staff: TestUser;

beforeAll(async () => {
  await seedCatalog(db());
  staff = await createStaffUser('staff');
});

const log = (path: string) => request(app).get(`/api/staff${path}`).set('Authorization', `Bearer ${staff.idToken}`);

it('when a patient books, then staff see the e-mail and the SMS, both Sent, for the appointment and the patient', async () => {
  const patient = await createTestUser();
  const phone = freshPhone();
  await setPatientContact(patient.uid, { contactNumber: phone });
  const booked = await request(app)
    .post('/api/appointments')
    .set('Authorization', `Bearer ${patient.idToken}`)
    .send(await virtualConsultationBooking());
  expect(booked.status).toBe(201);
  const appointmentId = booked.body.data.appointmentId as string;

  const res = await eventually(
    () => log(`/appointments/${appointmentId}/deliveries`),
    (r) => (r.body.data as Delivery[]).filter((d) => d.status === 'Sent').length === 2,
  );
  expect(res.status).toBe(200);
  const deliveries = res.body.data as Delivery[];
  expect(deliveries).toHaveLength(2);
  expect(deliveries).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        channel: 'email',
        to: patient.email.toLowerCase(),
        event: 'appointment.received',
        summary: expect.stringMatching(/^Appointment request received/),
        status: 'Sent',
        attempts: 1,
        sentAt: expect.any(String),
        appointmentId,
      }),
      expect.objectContaining({
        channel: 'sms',
        to: phone,
        status: 'Sent',
        attempts: 1,
        summary: expect.stringMatching(/^ExpMed Health/),
      }),
    ]),
  );

  const patientLog = await log(`/patients/${patient.uid}/deliveries`);
  expect(patientLog.status).toBe(200);
  expect(patientLog.body.data).toEqual(expect.arrayContaining(deliveries));
});

it("when the mail server refuses a patient's address for good, then staff see the mail Failed with the server's words", async () => {
  const patient = await createTestUser();
  await failNextMail(patient.email, 1, 550);
  const booked = await request(app)
    .post('/api/appointments')
    .set('Authorization', `Bearer ${patient.idToken}`)
    .send(await virtualConsultationBooking());
  expect(booked.status).toBe(201);
  const res = await eventually(
    () => log(`/patients/${patient.uid}/deliveries`),
    (r) => (r.body.data as Delivery[]).some((d) => d.channel === 'email' && d.status === 'Failed'),
  );
  expect(res.body.data).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        channel: 'email',
        status: 'Failed',
        attempts: 1,
        failureReason: expect.stringMatching(/^The mail server refused it \(550\)/),
      }),
    ]),
  );
  expect(await sinkMailTo(patient.email)).toEqual([]);
});

it('answers 404 for an appointment or patient that does not exist, and 401 without sign-in', async () => {
  expect((await log('/appointments/no-such-appointment/deliveries')).status).toBe(404);
  expect((await log('/patients/no-such-patient/deliveries')).status).toBe(404);
  expect((await request(app).get('/api/staff/patients/x/deliveries')).status).toBe(401);
});

it('when a patient signs up, then staff see that both codes were sent, by mail and by SMS, but never the codes', async () => {
  const user = await createTestUser({ patient: 'none' });
  const phone = freshPhone();
  const registered = await request(app).post('/api/patient').set('Authorization', `Bearer ${user.idToken}`).send({
    firstName: 'Ama',
    lastName: 'Owusu',
    emailAddress: user.email,
    contactNumber: phone,
    patientLocation: 'Accra',
    gender: 'FEMALE',
    consentForTreatment: true,
  });
  expect(registered.status).toBe(201);
  const res = await log(`/patients/${user.uid}/deliveries`);
  expect(res.status).toBe(200);
  const deliveries = res.body.data as Delivery[];
  expect(deliveries.map((d) => [d.channel, d.event, d.summary]).sort()).toEqual([
    ['email', 'account.code', 'verification code (hidden)'],
    ['sms', 'account.phone-code', 'verification code (hidden)'],
  ]);
  // Neither code appears anywhere in the answer.
  const mailed = (await mailDocsOf(user.uid))[0].message.text;
  const emailCode = /verification code is: (\S+)/.exec(mailed)![1];
  const texted = (await db().collection('sms').where('patientId', '==', user.uid).get()).docs[0].get('body') as string;
  const smsCode = /is (\d{6})\./.exec(texted)![1];
  expect(JSON.stringify(res.body)).not.toContain(emailCode);
  expect(JSON.stringify(res.body)).not.toContain(smsCode);
});
