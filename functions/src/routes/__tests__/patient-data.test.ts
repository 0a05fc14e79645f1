import { randomInt, randomUUID } from 'node:crypto';
import type { DocumentData } from 'firebase-admin/firestore';
import request from 'supertest';
import { createApp } from '../../app';
import { PRIVACY_NOTICE_VERSION, RETENTION_DAYS } from '../../api/retention';
import { UPCOMING_APPOINTMENT } from '../../services/patients/erasure';
import { newsletterIdOf } from '../../services/public/public-forms';
import { seedCatalog } from '../../seed/seed';
import { COLLECTIONS } from '../../store/collections';
import { auth, db } from '../../store/firebase';
import { createTestUser, type TestUser } from '../../test-support/auth';
import { freshSlot } from '../../test-support/booking';
import { forwardedFor } from '../../test-support/client';
import { payInSandbox, setFaults } from '../../test-support/payments';

const app = createApp();
const DAY_MS = 86_400_000;

const bearer = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });
const patientDoc = async (uid: string) => (await db().collection(COLLECTIONS.patients).doc(uid).get()).data();

/** Letters only, unlike any other test's names, so a search for them finds this patient alone. */
const uniqueName = (prefix: string) => prefix + Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join('');

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201d5a6e8ba0000000049454e44ae426082',
  'hex',
);

/** The profile form's whole set, as the site sends it. */
const profile = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Kwame',
  lastName: 'Mensah',
  contactNumber: '024 765 4321',
  patientLocation: 'Tamale',
  gender: 'MALE',
  dateOfBirth: '1990-04-12',
  emergencyContact: 'Akua, 020 111 2222',
  nameOfNextOfKin: 'Akua Mensah',
  nextOfKinContact: '020 111 2222',
  nextOfKinLocation: 'Tamale',
  nextOfKinRelationship: 'Sister',
  reminderPreferences: { sms: false, email: true },
  ...overrides,
});

const put = (user: TestUser, body: object, patientId = user.uid) =>
  request(app).put(`/api/patient/${patientId}`).set(bearer(user)).send(body);
const erase = (user: TestUser, patientId = user.uid) => request(app).delete(`/api/patient/${patientId}`).set(bearer(user));

beforeAll(async () => {
  await seedCatalog(db());
});

describe('PUT /patient/{patientId}', () => {
  it('when the owner saves the profile, then the details are stored (phone as +233) and e-mail, status, role and ids stay', async () => {
    const user = await createTestUser();
    const res = await put(
      user,
      profile({
        emailAddress: 'someone.else@example.com',
        accountStatus: 'Pending',
        userType: 'admin',
        patientId: 'another-uid',
        wallet: 1000,
        treatmentConsent: { given: false },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Your details have been saved.');
    const stored = await patientDoc(user.uid);
    expect(stored).toMatchObject({
      contactNumber: '+233247654321',
      patientLocation: 'Tamale',
      nameOfNextOfKin: 'Akua Mensah',
      reminderPreferences: { sms: false, email: true },
      emailAddress: user.email,
      accountStatus: 'Activated',
      userType: 'patient',
      patientId: user.uid,
      wallet: 0,
    });
    expect(stored?.treatmentConsent).toBeUndefined();
    expect(res.body.data).toMatchObject({ contactNumber: '+233247654321', emailAddress: user.email });
  });

  it('when reminder preferences are not sent, then the stored ones stay; when they are not booleans, then 400', async () => {
    const user = await createTestUser();
    expect((await put(user, profile({ reminderPreferences: { sms: false, email: false } }))).status).toBe(200);
    const { reminderPreferences: _left, ...withoutPreferences } = profile({ patientLocation: 'Ho' });
    expect((await put(user, withoutPreferences)).status).toBe(200);
    expect(await patientDoc(user.uid)).toMatchObject({
      patientLocation: 'Ho',
      reminderPreferences: { sms: false, email: false },
    });
    const bad = await put(user, profile({ reminderPreferences: { sms: 'often' } }));
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/Reminders by SMS/);
  });

  it("when someone saves another patient's profile, then 403 and nothing changes", async () => {
    const [owner, intruder] = await Promise.all([createTestUser(), createTestUser()]);
    const res = await put(intruder, profile({ patientLocation: 'Nowhere' }), owner.uid);
    expect(res.status).toBe(403);
    expect((await patientDoc(owner.uid))?.patientLocation).toBe('Accra');
  });

  it('when the phone number is not a phone number, then 400 naming the field and nothing changes', async () => {
    const user = await createTestUser();
    const res = await put(user, profile({ contactNumber: 'call me' }));
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/Phone Number/);
    expect((await patientDoc(user.uid))?.contactNumber).toBe('+233241234567');
  });
});

describe('consents', () => {
  it('when a patient registers, then the consent is stored with its time and the privacy notice version, and the profile shows it', async () => {
    const user = await createTestUser({ patient: 'none' });
    const reg = await request(app).post('/api/patient').set(bearer(user)).send({
      firstName: 'Ama',
      lastName: 'Owusu',
      emailAddress: user.email,
      contactNumber: '024 123 4567',
      patientLocation: 'Accra',
      gender: 'FEMALE',
      consentForTreatment: true,
    });
    expect(reg.status).toBe(201);
    const res = await request(app).get(`/api/patient/${user.uid}/consents`).set(bearer(user));
    expect(res.status).toBe(200);
    expect(res.body.data.treatment).toMatchObject({ given: true, privacyNoticeVersion: PRIVACY_NOTICE_VERSION });
    expect(Date.now() - Date.parse(res.body.data.treatment.at)).toBeLessThan(60_000);
  });

  it('when the patient withdraws marketing consent, then their newsletter entry is deleted', async () => {
    const user = await createTestUser();
    const sub = await request(app)
      .post('/api/subscriptions/news')
      .set('X-Forwarded-For', forwardedFor())
      .send({ email: user.email });
    expect(sub.status).toBe(201);
    const before = await request(app).get(`/api/patient/${user.uid}/consents`).set(bearer(user));
    expect(before.body.data.marketing.subscribed).toBe(true);
    const res = await request(app).delete(`/api/patient/${user.uid}/consents/marketing`).set(bearer(user));
    expect(res.status).toBe(200);
    expect(res.body.data.marketing).toEqual({ subscribed: false });
    expect((await db().collection(COLLECTIONS.newsletter).doc(newsletterIdOf(user.email)).get()).exists).toBe(false);
  });
});

describe('retention', () => {
  const expiryInDays = (mail: DocumentData) => (mail.expireAt.toMillis() - Date.now()) / DAY_MS;

  it('when mails are queued, then every one carries expireAt: 30 days, the verification code 24 hours', async () => {
    const user = await createTestUser({ patient: 'none' });
    // A number of its own: a number gets 3 codes an hour, and other tests sign up with theirs.
    const digits = String(randomInt(1_000_000, 10_000_000));
    const contactNumber = `024 ${digits}`;
    await request(app).post('/api/patient').set(bearer(user)).send({
      firstName: 'Ama',
      lastName: 'Owusu',
      emailAddress: user.email,
      contactNumber,
      patientLocation: 'Accra',
      gender: 'FEMALE',
      consentForTreatment: true,
    });
    await request(app).post('/api/subscriptions/news').set('X-Forwarded-For', forwardedFor()).send({ email: user.email });
    const mails = (await db().collection(COLLECTIONS.mail).where('to', '==', user.email).get()).docs.map((d) => d.data());
    expect(mails).toHaveLength(2);
    const code = mails.find((m) => /verification code/.test(m.message.subject));
    const welcome = mails.find((m) => m !== code);
    expect(expiryInDays(code!)).toBeCloseTo(RETENTION_DAYS.verificationMail, 1);
    expect(expiryInDays(welcome!)).toBeCloseTo(RETENTION_DAYS.mail, 1);
    // The code goes by SMS too, and its copy lasts no longer than the mail's.
    const sms = (await db().collection(COLLECTIONS.sms).where('patientId', '==', user.uid).get()).docs.map((d) => d.data());
    expect(sms).toHaveLength(1);
    expect(sms[0].to).toBe(`+23324${digits}`);
    expect(expiryInDays(sms[0])).toBeCloseTo(RETENTION_DAYS.verificationMail, 1);
  });

  it('when a contact message or an enquiry arrives, then it expires after the period the privacy page states', async () => {
    const email = `someone-${randomUUID()}@example.com`;
    const fb = await request(app)
      .post('/api/feedback')
      .set('X-Forwarded-For', forwardedFor())
      .send({ fullName: 'Yaw Boadu', telephone: '024 000 1111', email, message: 'Hello' });
    expect(fb.status).toBe(201);
    const stored = (await db().collection(COLLECTIONS.feedback).doc(fb.body.data.id).get()).data()!;
    expect(expiryInDays(stored)).toBeCloseTo(RETENTION_DAYS.feedback, 1);
  });
});

describe('GET /patient/{patientId}/export', () => {
  it('when the patient downloads their data, then it holds their contact messages and enquiries, consents and the notice version', async () => {
    const user = await createTestUser();
    const sent = await request(app)
      .post('/api/feedback')
      .set('X-Forwarded-For', forwardedFor())
      .send({ fullName: 'Kwame Mensah', telephone: '024 123 4567', email: user.email, message: 'Do you visit Tema?' });
    expect(sent.status).toBe(201);
    const enquiry = await request(app).post('/api/enquiries').set('X-Forwarded-For', forwardedFor()).send({
      organiztionName: 'Tema Weavers',
      organiztionLocation: 'Tema',
      organiztionType: 'ORGANIZATION',
      nameOfPerson: 'Kwame Mensah',
      organiztionEmail: user.email,
      organiztionContact: '024 123 4567',
    });
    expect(enquiry.status).toBe(201);
    const res = await request(app).get(`/api/patient/${user.uid}/export`).set(bearer(user));
    expect(res.status).toBe(200);
    expect(res.body.data.privacyNoticeVersion).toBe(PRIVACY_NOTICE_VERSION);
    expect(res.body.data.contactMessages).toEqual([
      expect.objectContaining({ message: 'Do you visit Tema?', email: user.email }),
    ]);
    expect(res.body.data.enquiries).toEqual([expect.objectContaining({ organiztionName: 'Tema Weavers' })]);
    expect(res.body.data.consents).toMatchObject({ treatment: { given: true }, marketing: { subscribed: false } });
  });
});

/** Every document of every collection (Firestore's own list of them), searched for any of the needles. */
async function documentsNaming(needles: string[]): Promise<{ path: string; data: DocumentData }[]> {
  const found: { path: string; data: DocumentData }[] = [];
  for (const collection of await db().listCollections()) {
    for (const doc of (await collection.get()).docs) {
      const text = JSON.stringify(doc.data()).toLowerCase();
      if (needles.some((n) => text.includes(n.toLowerCase()))) found.push({ path: doc.ref.path, data: doc.data() });
    }
  }
  return found;
}

describe('DELETE /patient/{patientId}', () => {
  it("when someone deletes another patient's account, then 403 and the account stays", async () => {
    const [owner, intruder] = await Promise.all([createTestUser(), createTestUser()]);
    const res = await erase(intruder, owner.uid);
    expect(res.status).toBe(403);
    expect(await patientDoc(owner.uid)).toBeDefined();
    await expect(auth().getUser(owner.uid)).resolves.toBeDefined();
  });

  it('when no token is sent, then 401', async () => {
    expect((await request(app).delete(`/api/patient/${randomUUID()}`)).status).toBe(401);
  });

  it('when an appointment is still to come, then 409 saying to cancel it first, and nothing is erased', async () => {
    const user = await createTestUser();
    const { day, time } = await freshSlot();
    const booked = await request(app).post('/api/appointments').set(bearer(user)).send({
      bookFor: 'SELF',
      firstName: 'Kwame',
      lastName: 'Mensah',
      gender: 'MALE',
      emailAddress: user.email,
      contactNumber: '024 123 4567',
      location: 'Accra',
      healthProblem: 'Back pain',
      requestedServiceId: 1,
      doctorId: 'dr-boateng',
      requestedDay: day,
      requestedTime: time,
    });
    expect(booked.status).toBe(201);
    const res = await erase(user);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(UPCOMING_APPOINTMENT);
    expect(await patientDoc(user.uid)).toBeDefined();
    expect((await auth().getUser(user.uid)).disabled).toBe(false);
  });

  it('when the owner deletes the account, then nothing in any collection names them, paid records stay anonymised, staff see an audit entry', async () => {
    const user = await createTestUser();
    const firstName = uniqueName('Erasa');
    const lastName = uniqueName('Gonea');
    const localPhone = `020${randomInt(1_000_000, 10_000_000)}`;
    const phone = `+233${localPhone.slice(1)}`;
    expect((await put(user, profile({ firstName, lastName, contactNumber: localPhone }))).status).toBe(200);

    // What an account leaves behind: a paid subscription (ledger and receipt), an unpaid order,
    // a cancelled appointment with its prescription, a contact message, a newsletter entry.
    const sub = (await request(app).post('/api/subscriptions').set(bearer(user)).send({ packageId: 'student' })).body.data;
    await setFaults(sub.clientReference, { callback: 'drop' });
    expect(
      (await request(app).post('/api/payment/initiate').set(bearer(user)).send({ clientReference: sub.clientReference })).status,
    ).toBe(200);
    await payInSandbox(sub.clientReference);
    expect(
      (await request(app).post('/api/payment/check').set(bearer(user)).send({ clientReference: sub.clientReference })).status,
    ).toBe(200);
    const order = await request(app)
      .post('/api/orders')
      .set(bearer(user))
      .send({ items: [{ productId: 'paracetamol', quantity: 1 }] });
    expect(order.status).toBe(201);
    // A trial, and a child named for Family Care: the dependant goes with the account.
    expect((await request(app).post('/api/subscriptions').set(bearer(user)).send({ packageId: 'individual' })).status).toBe(201);
    const dependant = await request(app)
      .post(`/api/patient/${user.uid}/dependants`)
      .set(bearer(user))
      .send({ firstName: `${firstName}jr`, lastName, relation: 'Child', dateOfBirth: '2015-01-01', gender: 'MALE' });
    expect(dependant.status).toBe(201);
    const day = new Date(Date.now() + (5 + randomInt(300)) * DAY_MS).toISOString().slice(0, 10);
    const booked = await request(app)
      .post('/api/appointments')
      .set(bearer(user))
      .send({
        bookFor: 'SELF',
        firstName,
        lastName,
        gender: 'MALE',
        emailAddress: user.email,
        contactNumber: localPhone,
        location: `${lastName} Street, Accra`,
        healthProblem: `${firstName} has back pain`,
        requestedServiceId: 7,
        requestedDay: day,
        address: { line: `${lastName} House, Osu`, landmark: `Near ${firstName}'s shop`, digitalAddress: 'GA-183-8164' },
        appointmentFiles: `data:image/png;base64,${PNG.toString('base64')}`,
        appointmentFileName: 'prescription.png',
      });
    expect(booked.status).toBe(201);
    const appointmentId = booked.body.data.appointmentId as string;
    expect((await request(app).post('/api/appointments/cancel').set(bearer(user)).send({ appointmentId })).status).toBe(200);
    const forms = () => request(app).post('/api/feedback').set('X-Forwarded-For', forwardedFor());
    expect(
      (await forms().send({ fullName: `${firstName} ${lastName}`, telephone: localPhone, email: user.email, message: 'Hi' }))
        .status,
    ).toBe(201);
    await request(app).post('/api/subscriptions/news').set('X-Forwarded-For', forwardedFor()).send({ email: user.email });
    expect((await documentsNaming([user.uid])).length).toBeGreaterThan(4);
    // Staff searched for them by name and opened their page: the audit log named them.
    const searched = await db()
      .collection(COLLECTIONS.auditLog)
      .add({
        actorUid: 'staff-1',
        actorRole: 'admin',
        action: 'patient.search',
        query: firstName,
        patientIds: [user.uid, 'other'],
        at: new Date(),
      });
    const opened = await db()
      .collection(COLLECTIONS.auditLog)
      .add({
        actorUid: 'staff-1',
        actorRole: 'admin',
        action: 'patient.read',
        target: `patients/${user.uid}`,
        patientIds: [user.uid],
        at: new Date(),
      });

    const res = await erase(user);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Your account has been deleted. We have e-mailed you a confirmation.');

    await expect(auth().getUser(user.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    // The one trace left is the last mail itself, addressed to them, with nothing else about them, gone within a day.
    const naming = await documentsNaming([user.uid, user.email, phone, localPhone, firstName, lastName]);
    expect(naming.map((d) => d.path.split('/')[0])).toEqual([COLLECTIONS.mail]);
    // Those audit entries stay, under one erased id, without the words typed.
    const [afterSearch, afterOpen] = await Promise.all([searched.get(), opened.get()]);
    const erasedId = afterOpen.get('patientIds')[0] as string;
    expect(erasedId).toMatch(/^erased-/);
    expect(afterSearch.data()).toMatchObject({ action: 'patient.search', patientIds: [erasedId, 'other'] });
    expect(afterSearch.get('query')).toBeUndefined();
    expect(afterOpen.get('target')).toBe(`patients/${erasedId}`);
    const [lastMail] = naming;
    expect(lastMail.data.message.subject).toBe('Your ExpMed Health account has been deleted');
    expect(JSON.stringify(lastMail.data).replace(user.email, '')).not.toMatch(
      new RegExp(`${user.uid}|${firstName}|${lastName}|${localPhone}`),
    );
    expect(lastMail.data.expireAt.toMillis() - Date.now()).toBeLessThanOrEqual(RETENTION_DAYS.erasureMail * DAY_MS);

    // Payment records are kept for the law, under a non-identifying id.
    const ledger = (await db().collection(COLLECTIONS.payments).doc(sub.clientReference).get()).data();
    expect(ledger).toMatchObject({ clientReference: sub.clientReference, amount: sub.amount });
    expect(ledger?.patientId).toMatch(/^erased-/);
    const appointment = (await db().collection(COLLECTIONS.appointments).doc(appointmentId).get()).data();
    expect(appointment).toMatchObject({
      patientId: ledger?.patientId,
      healthProblem: '',
      firstName: '',
      appointmentStatus: 'Cancelled',
    });
    expect((await db().collection(COLLECTIONS.appointmentFiles).doc(appointmentId).get()).exists).toBe(false);

    const audit = await db().collection(COLLECTIONS.auditLog).where('action', '==', 'patient.erase').get();
    const recent = audit.docs.map((d) => d.data()).filter((e) => Date.now() - e.at.toMillis() < 60_000);
    expect(recent.length).toBeGreaterThan(0);
    expect(recent[0]).toMatchObject({ actorUid: 'self', actorRole: 'patient', target: 'patients/erased' });
  });
});
