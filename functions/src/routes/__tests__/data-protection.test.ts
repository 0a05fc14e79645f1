import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createApp } from '../../app';
import { newsletterIdOf } from '../../services/public/public-forms';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createTestUser, type TestUser } from '../../test-support/auth';
import { forwardedFor } from '../../test-support/client';
import { mailsTo, type DeliveredMail } from '../../test-support/mail';
import '../../test-support/payments';

const app = createApp();

const subscribe = (email: string) =>
  request(app).post('/api/subscriptions/news').set('X-Forwarded-For', forwardedFor()).send({ email });

const newsletterDoc = (email: string) => db().collection(COLLECTIONS.newsletter).doc(newsletterIdOf(email));
const isSubscribed = async (email: string) => (await newsletterDoc(email).get()).exists;

/** The link a reader opens in the mail: the site's Unsubscribe page with the token. */
function pageLink(mail: DeliveredMail): URL {
  const url = /https?:\/\/\S+\/unsubscribe\?token=[\w.-]+/.exec(mail.message.text)?.[0];
  if (!url) throw new Error(`no unsubscribe link in: ${mail.message.text}`);
  expect(mail.message.html).toContain(url);
  return new URL(url);
}

/** The mail's List-Unsubscribe address (RFC 2369), path and query without the site. */
function oneClickPath(mail: DeliveredMail): string {
  const url = /^<(.+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1];
  if (!url) throw new Error(`no List-Unsubscribe header in: ${JSON.stringify(mail.headers)}`);
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}

/** A subscriber of this test alone and their welcome mail. */
async function subscriber(prefix: string) {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  await subscribe(email).expect(201);
  const mail = (await mailsTo(email))[0];
  return { email, mail, token: pageLink(mail).searchParams.get('token') as string };
}

const unsubscribeWith = (body: unknown) =>
  request(app)
    .post('/api/subscriptions/news/unsubscribe')
    .send(body as object);

describe('newsletter mails and unsubscribing', () => {
  it('when someone subscribes, then one welcome mail with an Unsubscribe page link and one-click headers is delivered; a repeat sends none', async () => {
    const { email } = await subscriber('reader');
    await subscribe(email).expect(200);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].message.subject).toBe('Welcome to the ExpMed Health newsletter');
    expect(mails[0].message.text).toMatch(/To stop it, open: http:\/\/127\.0\.0\.1:5000\/unsubscribe\?token=/);
    const token = pageLink(mails[0]).searchParams.get('token');
    expect(mails[0].headers).toMatchObject({
      'List-Unsubscribe': `<http://127.0.0.1:5000/api/subscriptions/news/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('when the API link is fetched with GET (a mail scanner), then nothing is deleted and it redirects to the Unsubscribe page', async () => {
    const { email, mail, token } = await subscriber('scanned');
    const res = await request(app).get(oneClickPath(mail));
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/unsubscribe?token=${token}`);
    expect(await isSubscribed(email)).toBe(true);
  });

  it('when the page posts the token, then 200, the subscription is deleted; posted again, the same', async () => {
    const { email, token } = await subscriber('leaver');
    const res = await unsubscribeWith({ token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ statusCode: 200, msg: expect.stringMatching(/You have been unsubscribed/), data: null });
    expect(await isSubscribed(email)).toBe(false);

    await unsubscribeWith({ token }).expect(200);
    // Subscribing again works and sends a new link.
    await subscribe(email).expect(201);
  });

  it('when a mail program posts List-Unsubscribe=One-Click to the header address, then the subscription is deleted', async () => {
    const { email, mail } = await subscriber('one-click');
    const res = await request(app).post(oneClickPath(mail)).type('form').send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(200);
    expect(await isSubscribed(email)).toBe(false);
  });

  it.each([
    ['a changed signature', (token: string) => `${token.slice(0, -2)}xx`],
    ["another subscription's id", (token: string) => `${newsletterIdOf('someone-else@example.com')}.${token.split('.')[1]}`],
    ['no token', () => ''],
    ['a token of another shape', () => 'abc'],
    ['a token that is not text', (token: string) => ({ token }) as unknown as string],
  ])('when the token is %s, then 400 says so and nothing is deleted, from the page or one-click', async (_name, tamper) => {
    const { email, token } = await subscriber('keeper');
    const other = 'someone-else@example.com';
    await subscribe(other);
    const bad = tamper(token);

    const res = await unsubscribeWith({ token: bad });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, msg: expect.stringMatching(/unsubscribe link is not valid/), data: null });
    if (typeof bad === 'string') {
      const oneClick = await request(app)
        .post('/api/subscriptions/news/unsubscribe')
        .query({ token: bad })
        .type('form')
        .send('List-Unsubscribe=One-Click');
      expect(oneClick.status).toBe(400);
    }
    expect(await isSubscribed(email)).toBe(true);
    expect(await isSubscribed(other)).toBe(true);
  });
});

describe('GET /patient/{patientId}/export', () => {
  let patient: TestUser;
  const bearer = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });

  beforeAll(async () => {
    patient = await createTestUser({ patient: 'none' });
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
    const code = /verification code is: (\S+)/.exec((await mailsTo(patient.email))[0].message.text)?.[1];
    await request(app).post('/api/auth/verifypatient').set(bearer(patient)).send({ uniqueCode: code }).expect(200);
    await request(app).post('/api/subscriptions').set(bearer(patient)).send({ packageId: 'individual' }).expect(201);
    await request(app)
      .post(`/api/patient/${patient.uid}/dependants`)
      .set(bearer(patient))
      .send({ firstName: 'Kofi', lastName: 'Asante', relation: 'Child', dateOfBirth: '2016-03-04', gender: 'MALE' })
      .expect(201);
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
    expect(data.dependants).toEqual([expect.objectContaining({ firstName: 'Kofi', relation: 'Child', patientId: patient.uid })]);
    expect(data.appointments).toEqual([expect.objectContaining({ requestedServiceId: 6, patientId: patient.uid })]);
    expect(data.newsletter).toEqual({ subscribed: true, since: expect.any(String) });
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/hash|uniqueCode|wrongTries|"code"|secret/i);
    // The system's own fields are not the patient's data.
    expect(text).not.toMatch(/buildNumber|notificationToken|versionNumber|checkoutDirectUrl|coverageUsageId|"wallet"/);
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
