import '../../test-support/payments';
import request from 'supertest';
import { createApp } from '../../app';
import { formatDate } from '../../api/format';
import { SERVICE_ID } from '../../api/service-catalog';
import { APPOINTMENT_STATES, LIFECYCLE, STAFF_ACTIONS, nextState, type StaffAction } from '../../api/staff';
import { createCallbackApp } from '../payment-callback';
import { seedCatalog } from '../../seed/seed';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createStaffUser, createTestUser, type TestUser } from '../../test-support/auth';
import { callbackPath, payInSandbox, setFaults } from '../../test-support/payments';
import { freshSlot } from '../../test-support/booking';
import { asBytes } from '../../test-support/file';
import { auditOf, startingIn, storedAppointment } from '../../test-support/staff';
import { subjectsTo } from '../../test-support/mail';

/** The appointment lifecycle on the clinic's side: the server's state machine, its records, slots, refunds and mails. */
const app = createApp();
const callbackApp = createCallbackApp();
const bearer = (u: TestUser) => ({ Authorization: `Bearer ${u.idToken}` });

let patient: TestUser;
let staff: TestUser;
let doctor: TestUser;

beforeAll(async () => {
  await seedCatalog(db());
  [patient, staff, doctor] = await Promise.all([
    createTestUser(),
    createStaffUser('staff'),
    createStaffUser('doctor', 'dr-owusu'),
  ]);
});

const BODIES = {
  accept: {},
  decline: { reason: 'The doctor is away that week.' },
  'on-the-way': {},
  'check-in': {},
  complete: { visitSummary: 'Chest clear. Rest and fluids; come back if the cough lasts another week.' },
  'no-show': {},
  cancel: { reason: 'The clinic is closed for a public holiday.' },
} satisfies Record<StaffAction, object>;

const act = (user: TestUser, id: string, action: string, body: object = {}) =>
  request(app).post(`/api/staff/appointments/${id}/${action}`).set(bearer(user)).send(body);
const storedState = async (id: string) =>
  (await db().collection(COLLECTIONS.appointments).doc(id).get()).get('appointmentStatus');

describe('the lifecycle, every state x every action (api/staff.ts LIFECYCLE)', () => {
  const cases = APPOINTMENT_STATES.flatMap((state) =>
    STAFF_ACTIONS.map((action) => [state, action, nextState(state, action)] as const),
  );

  it.each(cases)('from %s, %s -> %s', async (state, action, to) => {
    // Completing, setting off and arriving at a home visit happen on its day (api/policy.ts completableFrom, onVisitDay).
    const onTheDay = action === 'complete' || action === 'on-the-way' || action === 'check-in';
    const a = await storedAppointment(patient.uid, state, onTheDay ? startingIn(-5) : {});
    const res = await act(staff, a.appointmentId, action, BODIES[action]);
    const audit = (await auditOf(`appointments/${a.appointmentId}`)).filter((e) => e.action === `appointment.${action}`);
    if (to) {
      expect(res.status).toBe(200);
      expect(res.body.data.appointmentStatus).toBe(to);
      expect(await storedState(a.appointmentId)).toBe(to);
      expect(audit).toEqual([expect.objectContaining({ actorUid: staff.uid, actorRole: 'staff' })]);
    } else {
      expect(res.status).toBe(409);
      expect(res.body.msg).toMatch(/^This appointment is .+: it cannot be .+\.$/);
      expect(await storedState(a.appointmentId)).toBe(state);
      expect(audit).toEqual([]);
    }
  });

  it('names the state and the action in the 409', async () => {
    const a = await storedAppointment(patient.uid, 'Declined');
    const res = await act(staff, a.appointmentId, 'check-in');
    expect(res.body.msg).toBe('This appointment is Declined: it cannot be checked in.');
  });

  it('allows exactly the moves docs/roles-and-audit.md lists', () => {
    const moves = Object.entries(LIFECYCLE).flatMap(([action, { from, to }]) => from.map((f) => `${f} -${action}-> ${to}`));
    expect(moves.sort()).toEqual(
      [
        'Pending -accept-> Accepted',
        'Pending -decline-> Declined',
        'Pending -cancel-> Cancelled',
        'Accepted -cancel-> Cancelled',
        'Accepted -check-in-> CheckedIn',
        'Accepted -no-show-> NoShow',
        'CheckedIn -complete-> Completed',
        // A home visit's clinician sets off (docs/front-desk.md).
        'Accepted -on-the-way-> OnTheWay',
        'OnTheWay -check-in-> CheckedIn',
        'OnTheWay -no-show-> NoShow',
        'OnTheWay -cancel-> Cancelled',
      ].sort(),
    );
  });
});

describe('what each action records', () => {
  it('when declined without a reason, then 400 naming reason and nothing changes', async () => {
    const a = await storedAppointment(patient.uid, 'Pending');
    const res = await act(staff, a.appointmentId, 'decline', { reason: '  ' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/Reason/);
    expect(await storedState(a.appointmentId)).toBe('Pending');
  });

  it('when an unknown action is posted, then 400 naming the actions', async () => {
    const a = await storedAppointment(patient.uid, 'Pending');
    const res = await act(staff, a.appointmentId, 'approve');
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/action must be one of accept, decline/);
  });

  it("when accepted then declined is refused; the spec's fields and the patient's mail say what happened", async () => {
    const a = await storedAppointment(patient.uid, 'Pending');
    expect((await act(staff, a.appointmentId, 'accept')).status).toBe(200);
    const stored = (await db().collection(COLLECTIONS.appointments).doc(a.appointmentId).get()).data()!;
    expect(stored).toMatchObject({
      appointmentStatus: 'Accepted',
      acceptbyDoctor: true,
      acceptedDate: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect(await subjectsTo(patient.email)).toContain('Your appointment has been accepted: Home Care');
  });

  it('when a doctor declines their own booking through the API, then the slot is free again, the reason is stored and the patient reads it', async () => {
    const booker = await createTestUser();
    const { day, time } = await freshSlot('dr-owusu');
    const booked = await request(app).post('/api/appointments').set(bearer(booker)).send({
      bookFor: 'SELF',
      firstName: 'Kofi',
      lastName: 'Asare',
      gender: 'MALE',
      emailAddress: 'kofi@example.com',
      contactNumber: '024 123 4567',
      location: 'Tema',
      healthProblem: 'Rash',
      requestedServiceId: 1,
      doctorId: 'dr-owusu',
      requestedDay: day,
      requestedTime: time,
    });
    expect(booked.status).toBe(201);
    const id = booked.body.data.appointmentId as string;
    const slot = db()
      .collection(COLLECTIONS.appointmentSlots)
      .doc(`dr-owusu_${day}_${time.replace(':', '')}`);
    expect((await slot.get()).exists).toBe(true);

    const res = await act(doctor, id, 'decline', BODIES.decline);
    expect(res.status).toBe(200);
    expect((await slot.get()).exists).toBe(false);
    const seen = await request(app).get(`/api/appointments/${id}`).set(bearer(booker));
    expect(seen.body.data).toMatchObject({
      appointmentStatus: 'Declined',
      declineByDoctor: true,
      declineReason: 'The doctor is away that week.',
      declinedDate: expect.any(String),
    });
    expect(await auditOf(`appointments/${id}`)).toEqual([
      expect.objectContaining({ action: 'appointment.decline', actorRole: 'doctor', actorUid: doctor.uid }),
    ]);
  });

  it('when staff check in early and complete more than 15 minutes before the start, then the check-in stands and the complete is 409 with the time', async () => {
    // A video visit: a clinician checks in a home visit only on its day, and 150 minutes on is tomorrow after 21:30 UTC.
    const videoVisit = {
      requestedServiceId: SERVICE_ID.virtualConsultation,
      requestedService: 'Virtual Consultation (Telemedicine)',
    };
    const a = await storedAppointment(patient.uid, 'Accepted', { ...videoVisit, ...startingIn(150) });
    expect((await act(staff, a.appointmentId, 'check-in')).status).toBe(200);
    const early = await act(staff, a.appointmentId, 'complete', BODIES.complete);
    expect(early.status).toBe(409);
    const from = new Date(Date.parse(`${a.requestedDay}T${a.requestedTime}:00Z`) - 15 * 60_000);
    expect(early.body.msg).toBe(`This visit has not started yet: it can be completed from ${formatDate(from, { time: true })}.`);
    expect(await storedState(a.appointmentId)).toBe('CheckedIn');
    expect((await auditOf(`appointments/${a.appointmentId}`)).map((e) => e.action)).toEqual(['appointment.check-in']);
    // From 15 minutes before the start (a video visit's room is open then), it can be completed.
    const soon = await storedAppointment(patient.uid, 'CheckedIn', { ...videoVisit, ...startingIn(14) });
    expect((await act(staff, soon.appointmentId, 'complete', BODIES.complete)).status).toBe(200);
  });

  it('when a doctor completes a visit, then the patient reads the visit summary on their appointment', async () => {
    const a = await storedAppointment(patient.uid, 'CheckedIn', startingIn(-30));
    expect((await act(doctor, a.appointmentId, 'complete', BODIES.complete)).status).toBe(200);
    const seen = await request(app).get(`/api/appointments/${a.appointmentId}`).set(bearer(patient));
    expect(seen.body.data).toMatchObject({
      appointmentStatus: 'Completed',
      visitSummary: BODIES.complete.visitSummary,
      completedAt: expect.any(String),
    });
  });

  it('when staff open an appointment and its prescription, then both reads are in the audit log', async () => {
    const a = await storedAppointment(patient.uid, 'Pending', {
      appointmentFileName: 'rx.png',
      appointmentFileType: 'image/png',
    });
    await db().collection(COLLECTIONS.appointmentFiles).doc(a.appointmentId).create({
      patientId: patient.uid,
      appointmentId: a.appointmentId,
      contentType: 'image/png',
      base64: 'iVBORw0KGgo=',
      sizeBytes: 8,
    });
    const detail = await request(app).get(`/api/staff/appointments/${a.appointmentId}`).set(bearer(staff));
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      contactNumber: '+233241234567',
      healthProblem: 'Persistent cough',
      paymentStatus: 'Not Applicable',
      account: { emailAddress: patient.email.toLowerCase(), contactNumber: '+233241234567' },
      refunds: [],
    });
    const file = await asBytes(request(app).get(`/api/staff/appointments/${a.appointmentId}/file`).set(bearer(staff)));
    expect(file.status).toBe(200);
    expect(file.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'attachment; filename="rx.png"',
    });
    expect((file.body as Buffer).toString('base64')).toBe('iVBORw0KGgo=');
    expect((await auditOf(`appointments/${a.appointmentId}`)).map((e) => e.action).sort()).toEqual([
      'appointment.file.read',
      'appointment.read',
    ]);
  });
});

describe('a paid appointment the clinic cancels', () => {
  it('is refunded in full (a refund Due), the slot frees and the patient is mailed', async () => {
    const booker = await createTestUser();
    const { day, time } = await freshSlot('dr-owusu');
    const booked = await request(app).post('/api/appointments').set(bearer(booker)).send({
      bookFor: 'SELF',
      firstName: 'Efua',
      lastName: 'Ofori',
      gender: 'FEMALE',
      emailAddress: 'efua@example.com',
      contactNumber: '024 123 4567',
      location: 'Kumasi',
      healthProblem: 'Back pain',
      requestedServiceId: 1,
      doctorId: 'dr-owusu',
      requestedDay: day,
      requestedTime: time,
    });
    const a = booked.body.data as { appointmentId: string; clientReference: string; consultationFee: number };
    await setFaults(a.clientReference, { callback: 'drop' });
    expect(
      (await request(app).post('/api/payment/initiate').set(bearer(booker)).send({ clientReference: a.clientReference })).status,
    ).toBe(200);
    await payInSandbox(a.clientReference);
    const paid = await request(callbackApp)
      .post(callbackPath(a.clientReference))
      .send({
        ResponseCode: '0000',
        Status: 'Success',
        Data: { CheckoutId: 'x', ClientReference: a.clientReference, Status: 'Success' },
      });
    expect(paid.body.data.outcome).toBe('paid');
    expect((await act(staff, a.appointmentId, 'accept')).status).toBe(200);

    const res = await act(staff, a.appointmentId, 'cancel', BODIES.cancel);
    expect(res.status).toBe(200);
    const refunds = await db().collection(COLLECTIONS.refunds).where('clientReference', '==', a.clientReference).get();
    expect(refunds.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({ status: 'Due', reason: 'cancelled', amount: a.consultationFee, recordId: a.appointmentId }),
    ]);
    expect(
      (
        await db()
          .collection(COLLECTIONS.appointmentSlots)
          .doc(`dr-owusu_${day}_${time.replace(':', '')}`)
          .get()
      ).exists,
    ).toBe(false);
    const subjects = await subjectsTo(booker.email);
    expect(subjects).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^A refund will follow/),
        'Your appointment has been cancelled: Virtual Consultation (Telemedicine)',
      ]),
    );
    const detail = await request(app).get(`/api/staff/appointments/${a.appointmentId}`).set(bearer(staff));
    expect(detail.body.data).toMatchObject({
      appointmentStatus: 'Cancelled',
      paymentStatus: 'Paid',
      declineReason: BODIES.cancel.reason,
      refunds: [expect.objectContaining({ status: 'Due' })],
    });
  });
});
