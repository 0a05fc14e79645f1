import request from 'supertest';
import { Timestamp } from 'firebase-admin/firestore';
import { createApp } from '../../app';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { seedCatalog } from '../../seed/seed';
import { createTestUser, type TestUser } from '../../test-support/auth';
import { virtualConsultationBooking } from '../../test-support/booking';

const app = createApp();
const bearer = (u: TestUser) => ({ Authorization: `Bearer ${u.idToken}` });
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const SPEC_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const book = async (user: TestUser) => {
  const res = await request(app)
    .post('/api/appointments')
    .set(bearer(user))
    .send(await virtualConsultationBooking());
  expect(res.status).toBe(201);
  return res.body.data as { appointmentId: string; createdAt: string; timeOfRequest: string };
};
const pending = async (user: TestUser) =>
  (await request(app).get(`/api/appointments/pending?patientId=${user.uid}`).set(bearer(user))).body.data as {
    appointmentId: string;
    createdAt: string;
  }[];
const appointmentDoc = (id: string) => db().collection(COLLECTIONS.appointments).doc(id);

let patient: TestUser;

beforeAll(async () => {
  await seedCatalog(db());
});

beforeEach(async () => {
  patient = await createTestUser();
});

describe('stored times', () => {
  it("when an appointment is booked, then createdAt is stored as a Timestamp and answered as ISO 8601; timeOfRequest keeps the spec's format", async () => {
    const a = await book(patient);
    expect(a.createdAt).toMatch(ISO);
    expect(a.timeOfRequest).toMatch(SPEC_TIME);
    const stored = (await appointmentDoc(a.appointmentId).get()).data()!;
    expect(stored.createdAt).toBeInstanceOf(Timestamp);
    expect((stored.createdAt as Timestamp).toDate().toISOString()).toBe(a.createdAt);
    expect(stored.timeOfRequest).toBe(a.timeOfRequest);
    expect((await pending(patient)).find((p) => p.appointmentId === a.appointmentId)?.createdAt).toBe(a.createdAt);
  });

  it('when an appointment was stored before Timestamps (createdAt an ISO string), then it is answered the same and sorted with the new ones, newest first', async () => {
    const older = await book(patient);
    const newer = await book(patient);
    const earlier = new Date(Date.parse(newer.createdAt) - 60_000).toISOString();
    const later = new Date(Date.parse(newer.createdAt) + 60_000).toISOString();
    await appointmentDoc(older.appointmentId).update({ createdAt: later });
    await appointmentDoc(newer.appointmentId).update({ createdAt: Timestamp.fromDate(new Date(earlier)) });
    const listed = await pending(patient);
    expect(listed.map((p) => [p.appointmentId, p.createdAt])).toEqual([
      [older.appointmentId, later],
      [newer.appointmentId, earlier],
    ]);
  });
});
