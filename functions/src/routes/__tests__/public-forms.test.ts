import { Timestamp } from 'firebase-admin/firestore';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createApp } from '../../app';
// The site address and the newsletter secret, as the Functions emulator reads them.
import '../../test-support/payments';
import { newsletterIdOf } from '../../services/public/public-forms';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { forwardedFor } from '../../test-support/client';

const app = createApp();

/**
 * Each request comes from a different client address, as the front end forwards it: public
 * writes are throttled per client (functions/src/http/__tests__/rate-limit.test.ts tests
 * that), and every test here runs in one process with one socket address.
 */
const post = (path: string) => request(app).post(path).set('X-Forwarded-For', forwardedFor());

const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const unique = () => randomUUID().slice(0, 8);
const uniqueEmail = () => `visitor-${unique()}@example.com`;

/** Documents of a collection whose field equals a value unique to this test. */
const docsWhere = async (collection: string, field: string, value: string) =>
  (await db().collection(collection).where(field, '==', value).get()).docs.map((d) => d.data());

/** The time the API stamps, in Ghana time (UTC), give or take a minute. */
function expectRecentGhanaTime(stamp: unknown) {
  expect(stamp).toMatch(TIMESTAMP);
  const at = Date.parse(`${String(stamp).replace(' ', 'T')}Z`);
  expect(Math.abs(Date.now() - at)).toBeLessThan(60_000);
}

describe('POST /subscriptions/news', () => {
  it('when a new e-mail subscribes, then 201 and one document keyed by the e-mail holds it with the date', async () => {
    const email = uniqueEmail();
    const res = await post('/api/subscriptions/news').send({ email, date: '1999-01-01 00:00:00', docid: 'mine' });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ id: newsletterIdOf(email) });
    const doc = await db().collection(COLLECTIONS.newsletter).doc(newsletterIdOf(email)).get();
    expect(doc.data()).toMatchObject({ email, docid: doc.id });
    expectRecentGhanaTime(doc.get('date'));
  });

  it('when the same e-mail subscribes again in other case and spacing, then 200 success and still one document', async () => {
    const email = uniqueEmail();
    await post('/api/subscriptions/news').send({ email }).expect(201);
    const res = await post('/api/subscriptions/news').send({ email: `  ${email.toUpperCase()} ` });
    expect(res.status).toBe(200);
    expect(res.body.msg).toMatch(/already subscribed/);
    expect(await docsWhere(COLLECTIONS.newsletter, 'email', email)).toHaveLength(1);
  });

  it.each([
    [{}, /Email Address is required/],
    [{ email: '   ' }, /Email Address is required/],
    [{ email: 'ama-at-example.com' }, /Email Address must be a valid email/],
    [{ email: `${'a'.repeat(250)}@example.com` }, /Email Address must be at most 254 characters/],
    [{ email: { $gt: '' } }, /Email Address must be text/],
    [{ email: ['ama@example.com'] }, /Email Address must be text/],
  ])('when the body is %j, then 400 names the field', async (body, msg) => {
    const res = await post('/api/subscriptions/news').send(body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(msg);
  });

  it('when the e-mail is malformed, then nothing is stored', async () => {
    const email = `not-an-email-${unique()}`;
    await post('/api/subscriptions/news').send({ email }).expect(400);
    expect(await docsWhere(COLLECTIONS.newsletter, 'email', email)).toHaveLength(0);
  });

  it('when the hidden website field is filled in, then it looks accepted and nothing is stored', async () => {
    const email = uniqueEmail();
    const res = await post('/api/subscriptions/news').send({ email, website: 'http://spam.example' });
    expect(res.status).toBe(201);
    expect((await db().collection(COLLECTIONS.newsletter).doc(newsletterIdOf(email)).get()).exists).toBe(false);
  });
});

const feedback = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Ama Owusu',
  telephone: '024 123 4567',
  email: uniqueEmail(),
  message: `Do you do home visits in Tema? My mother needs a nurse twice a week. (${unique()})`,
  ...overrides,
});

describe('POST /feedback', () => {
  it('when the contact form is valid, then 201 and the message is stored with date, source WEBSITE and its docid', async () => {
    const body = feedback({ docid: null, date: '1999-01-01 00:00:00', source: 'APP', status: 'Read' });
    const res = await post('/api/feedback').send(body);
    expect(res.status).toBe(201);
    const [stored] = await docsWhere(COLLECTIONS.feedback, 'email', body.email);
    expect(stored).toEqual({
      docid: res.body.data.id,
      date: expect.any(String),
      email: body.email,
      fullName: 'Ama Owusu',
      message: body.message,
      source: 'WEBSITE',
      telephone: '024 123 4567',
      expireAt: expect.any(Timestamp),
    });
    expectRecentGhanaTime(stored.date);
  });

  it.each([
    ['fullName', '', /Your Name is required/],
    ['fullName', 'A'.repeat(101), /Your Name must be at most 100 characters/],
    ['telephone', '', /Phone Number is required/],
    ['telephone', '12345', /Phone Number must be a phone number/],
    ['telephone', 'call me maybe', /Phone Number must be a phone number/],
    ['email', 'ama@', /Your Email must be a valid email/],
    ['message', '  ', /Message is required/],
    ['message', 'x'.repeat(5001), /Message must be at most 5000 characters/],
  ])('when %s is %j, then 400 names it and nothing is stored', async (field, value, msg) => {
    const body = feedback({ [field]: value });
    const res = await post('/api/feedback').send(body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(msg);
    const key = field === 'email' ? 'message' : 'email';
    expect(await docsWhere(COLLECTIONS.feedback, key, body[key] as string)).toHaveLength(0);
  });

  it('when several fields are missing, then the 400 names each of them', async () => {
    const res = await post('/api/feedback').send({ message: 'Hello' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/Your Name is required.*Phone Number is required.*Your Email is required/);
  });

  it('when a Ghana number is written with +233, then it is accepted', async () => {
    const body = feedback({ telephone: '+233 24 123 4567' });
    await post('/api/feedback').send(body).expect(201);
    expect(await docsWhere(COLLECTIONS.feedback, 'email', body.email)).toHaveLength(1);
  });

  it('when the hidden website field is filled in, then it looks accepted and nothing is stored', async () => {
    const body = feedback({ website: 'buy-pills.example' });
    const res = await post('/api/feedback').send(body);
    expect(res.status).toBe(201);
    expect(res.body.data.id).toEqual(expect.any(String));
    expect(await docsWhere(COLLECTIONS.feedback, 'email', body.email)).toHaveLength(0);
  });
});

const enquiry = (overrides: Record<string, unknown> = {}) => ({
  organiztionName: `Tema Market Women Association ${unique()}`,
  organiztionLocation: 'Community 1, Tema',
  organiztionType: 'COMMUNITY',
  nameOfPerson: 'Akosua Mensah',
  organiztionEmail: uniqueEmail(),
  organiztionContact: '0201234567',
  ...overrides,
});

describe('POST /enquiries', () => {
  it('when the enquiry is valid, then 201 and it is stored Pending with the time of request', async () => {
    const body = enquiry({ status: 'Done', timeOfRequest: '1999-01-01 00:00:00', updateBy: 'me' });
    const res = await post('/api/enquiries').send(body);
    expect(res.status).toBe(201);
    const doc = await db().collection(COLLECTIONS.enquiries).doc(res.body.data.id).get();
    expect(doc.data()).toEqual({
      ...body,
      id: doc.id,
      timeOfRequest: expect.any(String),
      status: 'Pending',
      updateBy: '',
      updatedById: '',
      updatedOn: '',
      expireAt: expect.any(Timestamp),
    });
    expectRecentGhanaTime(doc.get('timeOfRequest'));
  });

  it('when the type is ORGANIZATION, then it is accepted', async () => {
    await post('/api/enquiries')
      .send(enquiry({ organiztionType: 'ORGANIZATION' }))
      .expect(201);
  });

  it.each([
    ['organiztionName', '', /Organisation name is required/],
    ['organiztionName', 'N'.repeat(101), /Organisation name must be at most 100 characters/],
    ['organiztionLocation', '', /Organisation location is required/],
    ['organiztionType', 'SCHOOL', /Organisation type must be one of COMMUNITY, ORGANIZATION/],
    ['organiztionType', undefined, /Organisation type is required/],
    ['nameOfPerson', '', /Contact person name is required/],
    ['organiztionEmail', 'nobody', /Email must be a valid email/],
    ['organiztionContact', '0', /Contact must be a phone number/],
  ])('when %s is %j, then 400 names it and nothing is stored', async (field, value, msg) => {
    const body = enquiry({ [field]: value });
    const res = await post('/api/enquiries').send(body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(msg);
    const probe = field === 'organiztionEmail' ? 'organiztionName' : 'organiztionEmail';
    expect(await docsWhere(COLLECTIONS.enquiries, probe, body[probe] as string)).toHaveLength(0);
  });

  it('when the hidden website field is filled in, then it looks accepted and nothing is stored', async () => {
    const body = enquiry({ website: 'x' });
    const res = await post('/api/enquiries').send(body);
    expect(res.status).toBe(201);
    expect(await docsWhere(COLLECTIONS.enquiries, 'organiztionEmail', body.organiztionEmail)).toHaveLength(0);
  });

  it('when the body is not an object, then 400', async () => {
    const res = await post('/api/enquiries').send([enquiry()]);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('The request body must be a JSON object.');
  });
});
