import '../../test-support/payments';
import request from 'supertest';
import { createApp } from '../../app';
import { formatDate } from '../../api/format';
import { todayInGhana } from '../../api/request-fields';
import { seedCatalog } from '../../seed/seed';
import { COLLECTIONS } from '../../store/collections';
import { auth, db } from '../../store/firebase';
import { createStaffUser, createTestUser, type TestUser } from '../../test-support/auth';
import { bookingBase } from '../../test-support/booking';
import { bearer, dayPlus } from '../../test-support/scheduling';
import { eventually, freshPhone, setPatientContact, smsDocsOf } from '../../test-support/sms';
import { mailDocsOf } from '../../test-support/mail';
import { auditOf, storedAppointment } from '../../test-support/staff';

/**
 * Home visits (docs/front-desk.md): the booking's address, the desk assigning a clinician and an
 * arrival window, the nurse's day (only her visits) and her on the way, arrived and complete,
 * each told to the patient; the day sheet and the day's list by week and search.
 */
const app = createApp();

let staff: TestUser;
let nurse: TestUser;
let otherNurse: TestUser;
let doctor: TestUser;

beforeAll(async () => {
  await seedCatalog(db());
  [staff, nurse, otherNurse, doctor] = await Promise.all([
    createStaffUser('staff'),
    createStaffUser('nurse'),
    createStaffUser('nurse'),
    createStaffUser('doctor', 'dr-tetteh'),
  ]);
  // Staff assign from the roster, as roles granted in the console are.
  for (const [user, role] of [
    [nurse, 'nurse'],
    [otherNurse, 'nurse'],
    [doctor, 'doctor'],
  ] as const) {
    // Names no seeded account has: the console's e2e picks the seeded nurse by her name.
    await auth().updateUser(user.uid, { displayName: role === 'nurse' ? 'Nurse Esi Mensima' : 'Dr Nii Armah Tetteh' });
    await db()
      .collection(COLLECTIONS.staffMembers)
      .doc(user.uid)
      .set({ uid: user.uid, email: user.email, role, ...(role === 'doctor' ? { doctorId: 'dr-tetteh' } : {}) });
  }
});

const as = (user: TestUser) => ({
  get: (path: string) => request(app).get(`/api${path}`).set(bearer(user)),
  post: (path: string, body: object = {}) => request(app).post(`/api${path}`).set(bearer(user)).send(body),
});
const appointment = async (id: string) => (await db().collection(COLLECTIONS.appointments).doc(id).get()).data()!;
const ADDRESS = {
  line: 'House 7, Nii Okaiman Street, Dzorwulu',
  landmark: 'Behind the Total station',
  digitalAddress: 'GA-492-7013',
};

/** Each visit on a day of its own (unless a test names it), so a nurse's day holds only that test's visits. */
let nextDay = 7 + Math.floor(Math.random() * 100);

/** A patient (a phone of their own) books nursing at home; the clinic accepts it. */
async function homeVisit(day = dayPlus(nextDay++)) {
  const user = await createTestUser();
  const phone = freshPhone();
  await setPatientContact(user.uid, { contactNumber: phone });
  const booked = await as(user).post(
    '/appointments',
    bookingBase({ requestedServiceId: 3, requestedDay: day, address: ADDRESS }),
  );
  expect(booked.status).toBe(201);
  const id = booked.body.data.appointmentId as string;
  expect((await as(staff).post(`/staff/appointments/${id}/accept`)).status).toBe(200);
  return { user, phone, id, day, clientReference: booked.body.data.clientReference as string };
}

const assign = (id: string, body: object) => as(staff).post(`/staff/appointments/${id}/assign`, body);
const smsEvents = async (uid: string, event: string) =>
  (
    await eventually(
      () => smsDocsOf(uid),
      (s) => s.some((m) => m.event === event),
    )
  ).filter((m) => m.event === event);

describe("a home visit's address", () => {
  it('when the address is missing or its digital address is not GhanaPost form, then 400 naming the field; a good one is stored', async () => {
    const user = await createTestUser();
    const none = await as(user).post('/appointments', { ...bookingBase({ requestedServiceId: 2 }), address: undefined });
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('Address is required for a home visit or a delivery: a street address or landmark.');
    const bad = await as(user).post(
      '/appointments',
      bookingBase({ requestedServiceId: 2, address: { line: 'Osu', digitalAddress: 'GA12345' } }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('GhanaPost digital address must be like GA-123-4567 (two letters, then digits).');
    // The form finds the field by its input's name.
    expect(bad.body.data).toEqual({ fields: { 'address.digitalAddress': bad.body.msg } });
    expect((await db().collection(COLLECTIONS.appointments).where('patientId', '==', user.uid).get()).size).toBe(0);
    const good = await as(user).post('/appointments', bookingBase({ requestedServiceId: 2, address: ADDRESS }));
    expect(good.status).toBe(201);
    expect((await appointment(good.body.data.appointmentId)).address).toEqual(ADDRESS);
    // Typed without dashes or in lower case, a GhanaPost code is tidied, not refused.
    for (const typed of ['ak4859320', 'AK 485 9320', 'Ak-4859-320']) {
      const tidied = await as(user).post(
        '/appointments',
        bookingBase({ requestedServiceId: 2, requestedDay: dayPlus(nextDay++), address: { line: 'Osu', digitalAddress: typed } }),
      );
      expect(tidied.status).toBe(201);
      expect((await appointment(tidied.body.data.appointmentId)).address?.digitalAddress).toBe('AK-485-9320');
    }
  });
});

describe('assigning a home visit', () => {
  it('when assigned a nurse and a window, then it is stored with her name, the patient is told by SMS and e-mail, and it is audited', async () => {
    const v = await homeVisit();
    const res = await assign(v.id, { assignedTo: nurse.uid, arrivalWindow: { from: '10:00', to: '12:00' } });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Nurse Esi Mensima is assigned, arriving 10:00-12:00.');
    expect(await appointment(v.id)).toMatchObject({
      assignedTo: nurse.uid,
      assignedToName: 'Nurse Esi Mensima',
      assignedToRole: 'nurse',
      arrivalWindow: { from: '10:00', to: '12:00' },
    });
    const [sms] = await smsEvents(v.user.uid, 'appointment.assigned');
    expect(sms).toMatchObject({
      to: v.phone,
      body: expect.stringContaining('Nurse Esi Mensima will come for your Nursing Home Care'),
    });
    expect(sms.body).toContain('between 10:00 and 12:00');
    expect((await mailDocsOf(v.user.uid)).map((m) => m.message.subject)).toContainEqual(
      expect.stringMatching(/arriving between 10:00 and 12:00$/),
    );
    expect((await auditOf(`appointments/${v.id}`)).map((e) => e.action)).toContain('appointment.assign');
  });

  it('when the window is missing or backwards, or the person is no clinician, then 400 naming it and nothing is stored', async () => {
    const v = await homeVisit();
    expect((await assign(v.id, { assignedTo: nurse.uid })).body.msg).toMatch(/^Arrival window is required for a home visit/);
    expect((await assign(v.id, { assignedTo: nurse.uid, arrivalWindow: { from: '12:00', to: '10:00' } })).body.msg).toBe(
      'Arrival window: Arrives from must be before Arrives by.',
    );
    expect((await assign(v.id, { assignedTo: staff.uid, arrivalWindow: { from: '10:00', to: '11:00' } })).body.msg).toBe(
      'Clinician must be a user with the doctor or nurse role.',
    );
    expect((await appointment(v.id)).assignedTo).toBeUndefined();
    expect((await as(nurse).post(`/staff/appointments/${v.id}/assign`, { assignedTo: nurse.uid })).status).toBe(403);
  });

  it('when a virtual visit has no doctor, then a doctor is assigned as its host without a window, and sees it on his list', async () => {
    const user = await createTestUser();
    const booked = await as(user).post(
      '/appointments',
      bookingBase({ requestedServiceId: 5, requestedServiceOption: 'VIRTUAL', requestedTime: '10:30', requestedDay: dayPlus(9) }),
    );
    expect(booked.status).toBe(201);
    const id = booked.body.data.appointmentId as string;
    expect((await assign(id, { assignedTo: nurse.uid })).body.msg).toBe('Clinician: a virtual visit is hosted by a doctor.');
    expect((await assign(id, { assignedTo: doctor.uid, arrivalWindow: { from: '10:00', to: '11:00' } })).status).toBe(400);
    const res = await assign(id, { assignedTo: doctor.uid });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      assignedTo: doctor.uid,
      assignedToName: 'Dr Nii Armah Tetteh',
      assignedToRole: 'doctor',
      arrivalWindow: null,
    });
    const list = await as(doctor).get('/staff/appointments?limit=50');
    expect(list.body.data.items.map((a: { appointmentId: string }) => a.appointmentId)).toContain(id);
    expect((await as(doctor).get(`/staff/appointments/${id}`)).status).toBe(200);
    // A doctor's own consultation is not assigned: it has its doctor.
    const own = await storedAppointment(user.uid, 'Pending', { requestedServiceId: 1, doctorId: 'dr-tetteh' });
    expect((await assign(own.appointmentId, { assignedTo: doctor.uid })).status).toBe(409);
  });
});

describe("the nurse's visit", () => {
  it('when assigned, she sees it (and only hers), marks it on the way (the patient gets an SMS), arrived and complete', async () => {
    const v = await homeVisit();
    const notMine = await homeVisit(v.day);
    expect((await assign(v.id, { assignedTo: nurse.uid, arrivalWindow: { from: '09:00', to: '11:00' } })).status).toBe(200);
    expect((await assign(notMine.id, { assignedTo: otherNurse.uid, arrivalWindow: { from: '13:00', to: '15:00' } })).status).toBe(
      200,
    );

    const day = await as(nurse).get(`/staff/appointments?day=${v.day}`);
    expect(day.status).toBe(200);
    expect(day.body.data.items.map((a: { appointmentId: string }) => a.appointmentId)).toEqual([v.id]);
    expect(day.body.data.items[0]).toMatchObject({
      address: ADDRESS,
      contactNumber: '024 123 4567',
      arrivalWindow: { from: '09:00', to: '11:00' },
    });
    expect((await as(nurse).get(`/staff/appointments/${notMine.id}`)).status).toBe(403);
    expect((await as(nurse).post(`/staff/appointments/${notMine.id}/on-the-way`)).status).toBe(403);
    expect((await as(nurse).post(`/staff/appointments/${v.id}/cancel`)).status).toBe(403);

    // Before the visit's day she cannot set off or arrive: the patient would be told she is coming now.
    for (const step of ['on-the-way', 'check-in']) {
      const early = await as(nurse).post(`/staff/appointments/${v.id}/${step}`);
      expect(early.status).toBe(409);
      expect(early.body.msg).toBe(
        `This visit is on ${formatDate(v.day)}: it can be marked on the way or arrived on that day, not before.`,
      );
    }
    expect(await smsDocsOf(v.user.uid)).not.toContainEqual(expect.objectContaining({ event: 'appointment.on-the-way' }));
    expect((await appointment(v.id)).appointmentStatus).toBe('Accepted');

    // On the visit's day (api/policy.ts onVisitDay, completableFrom): the visit is today.
    const today = todayInGhana();
    await db().collection(COLLECTIONS.appointments).doc(v.id).update({ requestedDay: today });
    const onTheWay = await as(nurse).post(`/staff/appointments/${v.id}/on-the-way`);
    expect(onTheWay.status).toBe(200);
    expect(onTheWay.body.data.appointmentStatus).toBe('OnTheWay');
    const [sms] = await smsEvents(v.user.uid, 'appointment.on-the-way');
    expect(sms).toMatchObject({
      to: v.phone,
      body: expect.stringContaining(
        `Nurse Esi Mensima is on the way for your Nursing Home Care today, ${formatDate(today)}, expected between 09:00 and 11:00`,
      ),
    });

    expect((await as(nurse).post(`/staff/appointments/${v.id}/check-in`)).body.data.appointmentStatus).toBe('CheckedIn');
    const done = await as(nurse).post(`/staff/appointments/${v.id}/complete`, {
      visitSummary: 'Dressing changed; wound healing well.',
    });
    expect(done.body.data.appointmentStatus).toBe('Completed');
    expect((await auditOf(`appointments/${v.id}`)).filter((e) => e.actorUid === nurse.uid).map((e) => e.action)).toEqual(
      expect.arrayContaining(['appointment.on-the-way', 'appointment.check-in', 'appointment.complete']),
    );
    // Her overview counts only her visits.
    const overview = await as(nurse).get('/staff/overview');
    expect(overview.status).toBe(200);
    expect(overview.body.data).toMatchObject({ revenuePerWeek: [], refundsDue: 0, ordersToDispatch: 0 });
  });

  it('when a nurse set off or arrived too early, then the desk can still move it and give it to another nurse, and it starts over as Accepted; a completed one cannot', async () => {
    const v = await homeVisit();
    expect((await assign(v.id, { assignedTo: nurse.uid, arrivalWindow: { from: '09:00', to: '11:00' } })).status).toBe(200);
    // As the visit stood after 'Arrived' was pressed the day before (what the server no longer lets happen for on the way).
    await db().collection(COLLECTIONS.appointments).doc(v.id).update({ appointmentStatus: 'CheckedIn' });

    const moved = await as(staff).post(`/staff/appointments/${v.id}/reschedule`, { requestedDay: dayPlus(nextDay++) });
    expect(moved.status).toBe(200);
    expect(await appointment(v.id)).toMatchObject({ appointmentStatus: 'Accepted', requestedDay: moved.body.data.requestedDay });

    await db().collection(COLLECTIONS.appointments).doc(v.id).update({ appointmentStatus: 'OnTheWay' });
    const given = await assign(v.id, { assignedTo: otherNurse.uid, arrivalWindow: { from: '13:00', to: '15:00' } });
    expect(given.status).toBe(200);
    expect(await appointment(v.id)).toMatchObject({ appointmentStatus: 'Accepted', assignedTo: otherNurse.uid });

    await db().collection(COLLECTIONS.appointments).doc(v.id).update({ appointmentStatus: 'Completed' });
    const done = await as(staff).post(`/staff/appointments/${v.id}/reschedule`, { requestedDay: dayPlus(nextDay++) });
    expect(done.status).toBe(409);
    expect((await assign(v.id, { assignedTo: nurse.uid, arrivalWindow: { from: '09:00', to: '11:00' } })).body.msg).toBe(
      'This appointment is Completed: it can no longer be assigned.',
    );
  });

  it("when an appointment is not at the patient's address, then it cannot be on the way", async () => {
    const user = await createTestUser();
    const a = await storedAppointment(user.uid, 'Accepted', { requestedServiceId: 6, doctorId: null, requestedTime: null });
    const res = await as(staff).post(`/staff/appointments/${a.appointmentId}/on-the-way`);
    expect(res.status).toBe(409);
    expect(res.body.msg).toMatch(/^Only a home visit or a delivery can be on the way/);
  });
});

describe("the day's list and sheet", () => {
  it('lists a week, finds by reference, phone and name, and the day sheet of home visits holds the address and a map link', async () => {
    const v = await homeVisit(dayPlus(250 + Math.floor(Math.random() * 40)));
    await assign(v.id, { assignedTo: nurse.uid, arrivalWindow: { from: '08:00', to: '09:00' } });
    const other = await homeVisit(dayPlus(200));

    const week = await as(staff).get(`/staff/appointments?from=${v.day}&to=${dayPlus(6, Date.parse(v.day))}&limit=50`);
    expect(week.status).toBe(200);
    const ids = week.body.data.items.map((a: { appointmentId: string }) => a.appointmentId);
    expect(ids).toContain(v.id);
    expect(ids).not.toContain(other.id);
    expect((await as(staff).get(`/staff/appointments?from=${v.day}&to=${dayPlus(7, Date.parse(v.day))}`)).status).toBe(400);

    const byRef = await as(staff).get(`/staff/appointments?q=${v.clientReference}`);
    expect(byRef.body.data.items.map((a: { appointmentId: string }) => a.appointmentId)).toEqual([v.id]);
    const byId = await as(staff).get(`/staff/appointments?q=${v.id}`);
    expect(byId.body.data.items.map((a: { appointmentId: string }) => a.appointmentId)).toEqual([v.id]);
    const byPhone = await as(staff).get(`/staff/appointments?q=${encodeURIComponent(`0${v.phone.slice(4)}`)}`);
    expect(byPhone.body.data.items.map((a: { appointmentId: string }) => a.appointmentId)).toEqual([v.id]);
    const byName = await as(staff).get(`/staff/appointments?q=mensah&day=${v.day}`);
    expect(byName.body.data.items.map((a: { appointmentId: string }) => a.appointmentId)).toContain(v.id);
    expect(byName.body.data.items.every((a: { requestedDay: string }) => a.requestedDay === v.day)).toBe(true);
    // A nurse's search finds only her own.
    expect((await as(otherNurse).get(`/staff/appointments?q=${v.clientReference}`)).body.data.items).toEqual([]);

    const sheet = await as(staff).get(`/staff/appointments/day-sheet.csv?day=${v.day}&homeVisits=true`);
    expect(sheet.status).toBe(200);
    expect(sheet.headers['content-type']).toMatch(/^text\/csv/);
    expect(sheet.headers['content-disposition']).toBe(`attachment; filename="day-sheet-${v.day}-home-visits.csv"`);
    const [header, ...rows] = sheet.text.trim().split('\r\n');
    expect(header).toBe(
      '"Time","Arrival window","Patient","Phone","Service","Address","Landmark","Digital address","Map","Clinician","Status","Payment","Reference","Health problem"',
    );
    const row = rows.find((r) => r.includes(v.clientReference))!;
    expect(row).toContain(
      '"08:00-09:00","Ama Mensah","024 123 4567","Nursing Home Care","House 7, Nii Okaiman Street, Dzorwulu"',
    );
    expect(row).toContain(
      '"https://www.google.com/maps/search/?api=1&query=GA-492-7013%2C%20Ghana","Nurse Esi Mensima","Accepted"',
    );
    expect(await auditOf(`appointments?day=${v.day}&homeVisits`)).toEqual([
      expect.objectContaining({ action: 'appointments.day-sheet', actorUid: staff.uid }),
    ]);
    // Hers only, for a nurse; another doctor's day is 403; no sheet named is 400.
    expect((await as(otherNurse).get(`/staff/appointments/day-sheet.csv?day=${v.day}&homeVisits=true`)).text).not.toContain(
      v.clientReference,
    );
    expect((await as(doctor).get(`/staff/appointments/day-sheet.csv?day=${v.day}&doctorId=dr-mensah`)).status).toBe(403);
    expect((await as(staff).get(`/staff/appointments/day-sheet.csv?day=${v.day}`)).body.msg).toBe(
      'Name the sheet: a doctor, or the home visits.',
    );
  });

  it("no cell of the day sheet can run as a formula, whatever a patient's name says", async () => {
    const user = await createTestUser();
    const day = dayPlus(280 + Math.floor(Math.random() * 15));
    const booked = await as(user).post(
      '/appointments',
      bookingBase({
        requestedServiceId: 4,
        requestedDay: day,
        firstName: '=HYPERLINK("http://evil")',
        lastName: '+Mensah',
        address: ADDRESS,
      }),
    );
    expect(booked.status).toBe(201);
    const sheet = await as(staff).get(`/staff/appointments/day-sheet.csv?day=${day}&homeVisits=true`);
    expect(sheet.text).toContain(`"'=HYPERLINK(""http://evil"") +Mensah"`);
    expect(sheet.text).not.toMatch(/(^|,)"=/m);
  });
});
