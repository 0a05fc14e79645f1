import request from 'supertest';
import { createApp } from '../../app';
import { ALL_DAY, dayPlus } from '../../test-support/scheduling';
import { seedCatalog } from '../../seed/seed';
import { db } from '../../store/firebase';
import { createStaffUser, createTestUser, type TestUser } from '../../test-support/auth';
import { virtualConsultationBooking } from '../../test-support/booking';
import { storedAppointment } from '../../test-support/staff';

/**
 * Every date and time the API takes is a real calendar value: month 13, 30
 * February and 25:00 answer 400 naming the field, never a 500 from an invalid Date, and a
 * reschedule reaches no further than a booking (366 days).
 */
const app = createApp();

const BAD_DAYS = ['2027-13-01', '2027-02-30'];
const BAD_TIME = '25:00';

let patient: TestUser;
let staff: TestUser;
let admin: TestUser;
let appointmentId: string;

beforeAll(async () => {
  await seedCatalog(db());
  [patient, staff, admin] = await Promise.all([createTestUser(), createStaffUser('staff'), createStaffUser('admin')]);
  appointmentId = (await storedAppointment(patient.uid, 'Pending', { requestedDay: dayPlus(60), requestedTime: '10:00' }))
    .appointmentId;
});

const as = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });

/** Each request that takes a day or a time, with the bad value put in the one field named (in words). */
const CASES: [name: string, field: string, send: (bad: string) => request.Test][] = [
  ['slots from', 'From', (d) => request(app).get(`/api/doctors/dr-mensah/slots?from=${d}&to=2027-01-02`)],
  ['slots to', 'To', (d) => request(app).get(`/api/doctors/dr-mensah/slots?from=2027-01-01&to=${d}`)],
  ['service days from', 'From', (d) => request(app).get(`/api/services/2/days?from=${d}&to=2027-01-02`)],
  ['service days to', 'To', (d) => request(app).get(`/api/services/2/days?from=2027-01-01&to=${d}`)],
  [
    'patient reschedule requestedDay',
    'Preferred Date',
    (d) =>
      request(app)
        .post(`/api/appointments/${appointmentId}/reschedule`)
        .set(as(patient))
        .send({ requestedDay: d, requestedTime: '10:00' }),
  ],
  [
    'staff reschedule requestedDay',
    'Preferred Date',
    (d) =>
      request(app)
        .post(`/api/staff/appointments/${appointmentId}/reschedule`)
        .set(as(staff))
        .send({ requestedDay: d, requestedTime: '10:00' }),
  ],
  [
    'schedule time off from',
    'Time off 1 (From)',
    (d) =>
      request(app)
        .put('/api/staff/doctors/dr-mensah/schedule')
        .set(as(admin))
        .send({ ...ALL_DAY, timeOff: [{ from: `${d}T10:00`, to: '2027-01-02T10:00' }] }),
  ],
  [
    'schedule time off to',
    'Time off 1 (To)',
    (d) =>
      request(app)
        .put('/api/staff/doctors/dr-mensah/schedule')
        .set(as(admin))
        .send({ ...ALL_DAY, timeOff: [{ from: '2027-01-01T10:00', to: `${d}T10:00` }] }),
  ],
  ['staff appointments day', 'Day', (d) => request(app).get(`/api/staff/appointments?day=${d}`).set(as(staff))],
];

describe.each(CASES)('%s', (_name, field, send) => {
  it.each(BAD_DAYS)(`when the day is %s, then 400 naming ${field}`, async (bad) => {
    const res = await send(bad);
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain(field);
  });
});

describe('booking', () => {
  it.each(BAD_DAYS)('when requestedDay is %s, then 400 naming Preferred Date and nothing is booked', async (bad) => {
    const user = await createTestUser();
    const res = await request(app)
      .post('/api/appointments')
      .set(as(user))
      .send(await virtualConsultationBooking({ requestedDay: bad }));
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('Preferred Date');
    expect(res.body.data.fields).toHaveProperty(['requestedDay']);
    expect((await db().collection('appointments').where('patientId', '==', user.uid).get()).empty).toBe(true);
  });

  it(`when requestedTime is ${BAD_TIME}, then 400 naming Preferred Time`, async () => {
    const res = await request(app)
      .post('/api/appointments')
      .set(as(patient))
      .send(await virtualConsultationBooking({ requestedTime: BAD_TIME }));
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('Preferred Time');
  });
});

describe('times of day', () => {
  it.each([
    ['patient reschedule', () => request(app).post(`/api/appointments/${appointmentId}/reschedule`).set(as(patient))],
    ['staff reschedule', () => request(app).post(`/api/staff/appointments/${appointmentId}/reschedule`).set(as(staff))],
  ])(`%s: when requestedTime is ${BAD_TIME}, then 400 naming Preferred Time`, async (_n, post) => {
    const res = await post().send({ requestedDay: dayPlus(70), requestedTime: BAD_TIME });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('Preferred Time');
  });

  it(`schedule: a weekly range to ${BAD_TIME}, or time off at ${BAD_TIME}, is 400 naming the field`, async () => {
    const put = (body: object) => request(app).put('/api/staff/doctors/dr-mensah/schedule').set(as(admin)).send(body);
    const range = await put({ ...ALL_DAY, weekly: { ...ALL_DAY.weekly, mon: [{ from: '09:00', to: BAD_TIME }] } });
    expect(range.status).toBe(400);
    expect(range.body.msg).toContain('Monday, hours 1 (To)');
    const off = await put({ ...ALL_DAY, timeOff: [{ from: `2027-01-01T${BAD_TIME}`, to: '2027-01-02T10:00' }] });
    expect(off.status).toBe(400);
    expect(off.body.msg).toContain('Time off 1 (From)');
  });
});

describe('how far ahead', () => {
  it.each([
    ['patient', () => request(app).post(`/api/appointments/${appointmentId}/reschedule`).set(as(patient))],
    ['staff', () => request(app).post(`/api/staff/appointments/${appointmentId}/reschedule`).set(as(staff))],
  ])('when %s move an appointment to 9999-12-27, then 400: as far as a booking reaches, 366 days', async (_n, post) => {
    const res = await post().send({ requestedDay: '9999-12-27', requestedTime: '09:00' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Preferred Date must be within the next 366 days.');
    expect((await db().collection('appointments').doc(appointmentId).get()).get('requestedDay')).toBe(dayPlus(60));
  });
});

describe('days of birth', () => {
  it.each(BAD_DAYS)('when a profile or a dependant gives %s, then 400 naming dateOfBirth', async (bad) => {
    const profile = await request(app).put(`/api/patient/${patient.uid}`).set(as(patient)).send({
      firstName: 'Kwame',
      lastName: 'Mensah',
      contactNumber: '0241234567',
      patientLocation: 'Accra',
      gender: 'MALE',
      dateOfBirth: bad,
    });
    expect(profile.status).toBe(400);
    expect(profile.body.msg).toContain('Date of birth');
    const dependant = await request(app)
      .post(`/api/patient/${patient.uid}/dependants`)
      .set(as(patient))
      .send({ firstName: 'Esi', lastName: 'Mensah', relation: 'Child', dateOfBirth: bad, gender: 'FEMALE' });
    expect(dependant.status).toBe(400);
    expect(dependant.body.msg).toContain('Date of birth');
  });
});
