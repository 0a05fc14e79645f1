import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Timestamp } from 'firebase-admin/firestore';
import { createApp } from '../../app';
import { newsletterIdOf } from '../../services/public-forms';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createTestUser, type TestUser } from '../../test-support/auth';
import { forwardedFor } from '../../test-support/client';
import '../../test-support/payments';

const app = createApp();

const subscribe = (email: string) =>
  request(app).post('/api/subscriptions/news').set('X-Forwarded-For', forwardedFor()).send({ email });

interface StoredMail {
  to: string;
  message: { subject: string; text: string; html: string };
  createdAt: Timestamp;
}
const mailsTo = async (email: string) =>
  (await db().collection(COLLECTIONS.mail).where('to', '==', email).get()).docs.map((d) => d.data() as StoredMail);

const newsletterDoc = (email: string) => db().collection(COLLECTIONS.newsletter).doc(newsletterIdOf(email));

/** The unsubscribe link of a mail, as the reader would click it (path and query, without the site). */
function unsubscribeLink(mail: StoredMail): string {
  const url = /https?:\/\/\S+\/api\/subscriptions\/news\/unsubscribe\?token=[\w.-]+/.exec(mail.message.text)?.[0];
  if (!url) throw new Error(`no unsubscribe link in: ${mail.message.text}`);
  expect(mail.message.html).toContain(url);
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}

describe('newsletter mails and unsubscribing', () => {
  it('when someone subscribes, then one welcome mail with an unsubscribe link is queued; a repeat queues none', async () => {
    const email = `reader-${randomUUID().slice(0, 8)}@example.com`;
    await subscribe(email).expect(201);
    await subscribe(email).expect(200);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].message.subject).toBe('Welcome to the ExpMed Health newsletter');
    expect(mails[0].message.text).toMatch(
      /To stop it, open: http:\/\/127\.0\.0\.1:5000\/api\/subscriptions\/news\/unsubscribe\?token=/,
    );
  });

  it('when the link is opened, then the subscription is deleted and the site says so; opened again, the same', async () => {
    const email = `leaver-${randomUUID().slice(0, 8)}@example.com`;
    await subscribe(email).expect(201);
    const link = unsubscribeLink((await mailsTo(email))[0]);

    const res = await request(app).get(link);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/privacy?newsletter=unsubscribed');
    expect((await newsletterDoc(email).get()).exists).toBe(false);

    await request(app).get(link).expect(303);
    // Subscribing again works and sends a new link.
    await subscribe(email).expect(201);
  });

  it.each([
    ['a changed signature', (token: string) => `${token.slice(0, -2)}xx`],
    ["another subscription's id", (token: string) => `${newsletterIdOf('someone-else@example.com')}.${token.split('.')[1]}`],
    ['no token', () => ''],
    ['a token of another shape', () => 'abc'],
  ])('when the link has %s, then 400 says so and nothing is deleted', async (_name, tamper) => {
    const email = `keeper-${randomUUID().slice(0, 8)}@example.com`;
    await subscribe(email).expect(201);
    const token = new URL(`http://x${unsubscribeLink((await mailsTo(email))[0])}`).searchParams.get('token') as string;
    const other = 'someone-else@example.com';
    await subscribe(other);

    const res = await request(app)
      .get('/api/subscriptions/news/unsubscribe')
      .query({ token: tamper(token) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, msg: expect.stringMatching(/unsubscribe link is not valid/), data: null });
    expect((await newsletterDoc(email).get()).exists).toBe(true);
    expect((await newsletterDoc(other).get()).exists).toBe(true);
  });
});

describe('GET /patient/{patientId}/export', () => {
  let patient: TestUser;
  const bearer = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });

  beforeAll(async () => {
    patient = await createTestUser();
    await request(app)
      .post('/api/patient')
      .set(bearer(patient))
      .send({
        patientId: patient.uid,
        firstName: 'Abena',
        lastName: 'Asante',
        emailAddress: patient.email,
        contactNumber: '024 123 4567',
        patientLocation: 'Cape Coast',
        gender: 'FEMALE',
        consentForTreatment: true,
      })
      .expect(201);
    await request(app).post('/api/subscriptions').set(bearer(patient)).send({ packageId: 'individual' }).expect(201);
    await request(app)
      .post('/api/appointments')
      .set(bearer(patient))
      .send({
        bookFor: 'SELF',
        firstName: 'Abena',
        lastName: 'Asante',
        gender: 'FEMALE',
        emailAddress: patient.email,
        contactNumber: '024 123 4567',
        location: 'Cape Coast',
        healthProblem: 'Yearly check-up',
        requestedServiceId: 6,
        requestedDay: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
        selectedLabs: ['fbc'],
      })
      .expect(201);
    await subscribe(patient.email).expect(201);
  });

  it('when the patient asks, then profile, subscriptions, appointments and newsletter come back, without codes or hashes', async () => {
    const res = await request(app).get(`/api/patient/${patient.uid}/export`).set(bearer(patient));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = res.body.data;
    expect(data.profile).toMatchObject({ patientId: patient.uid, firstName: 'Abena', emailAddress: patient.email });
    expect(data.subscriptions).toEqual([expect.objectContaining({ packageId: 'individual', patientId: patient.uid })]);
    expect(data.appointments).toEqual([expect.objectContaining({ requestedServiceId: 6, patientId: patient.uid })]);
    expect(data.newsletter).toEqual({ subscribed: true, since: expect.any(String) });
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/hash|uniqueCode|wrongTries|"code"|secret/i);
  });

  it("when another patient's id is asked for, then 403 and no data", async () => {
    const other = await createTestUser();
    const res = await request(app).get(`/api/patient/${patient.uid}/export`).set(bearer(other));
    expect(res.status).toBe(403);
    expect(res.body.data).toBeNull();
  });

  it('when no token is sent, then 401', async () => {
    await request(app).get(`/api/patient/${patient.uid}/export`).expect(401);
  });
});
