import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { createApp } from '../../app';
import { ghanaTimestamp } from '../../api/format';
import type { AuditEntry } from '../../api/staff';
import type { PatientDataMark } from '../../http/patient-data';
import { seedCatalog } from '../../seed/seed';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createStaffUser, createTestUser, type TestUser } from '../../test-support/auth';
import { dayPlus, testDoctor } from '../../test-support/scheduling';
import { freshPhone } from '../../test-support/sms';
import { storedAppointment } from '../../test-support/staff';
import { staffRouter } from '../staff';

/**
 * Every staff answer that shows a patient writes one auditLog entry naming what it showed,
 * walked route by route from the router itself, as staff-access.test.ts walks it
 * for roles. One patient, P, is seeded with details no other test uses (e-mail, surname,
 * phone) and a record of every kind; each route is called as an admin, and an answer that
 * contains any of P's details must come from a route marked showsPatientData and must have
 * written exactly one new entry that names P (or P's record, for enquiries and messages that
 * belong to no account). A new route that shows patient data without that fails here.
 */
const app = createApp();

interface Layer {
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: unknown }[] };
}
interface StaffRoute {
  method: string;
  path: string;
  marked: boolean;
}

const ROUTES: StaffRoute[] = (staffRouter.stack as unknown as Layer[])
  .filter((l) => l.route)
  .flatMap(({ route }) =>
    Object.keys(route!.methods).map((method) => ({
      method,
      path: route!.path,
      marked: route!.stack.some((s) => (s.handle as Partial<PatientDataMark>).showsPatientData === true),
    })),
  );
const name = (r: StaffRoute) => `${r.method.toUpperCase()} ${r.path}`;

/** Routes whose answer names patients without showing their data, and why they are not audited as reads. */
const NOT_PATIENT_DATA: Record<string, string> = {
  'GET /staff/audit': 'the audit log itself: it names patients by id only, and admins read it to check the reads',
};

/** Routes that list or open P's records: they must show P here, or the seeding above is wrong and the test proves nothing. */
const SHOW_P = [
  'GET /staff/appointments',
  'GET /staff/appointments/:appointmentId',
  'POST /staff/appointments/:appointmentId/:action',
  'POST /staff/appointments/:appointmentId/reschedule',
  'GET /staff/enquiries',
  'POST /staff/enquiries/:id/status',
  'GET /staff/messages',
  'GET /staff/orders',
  'POST /staff/orders/:id/status',
  'GET /staff/refunds',
  'POST /staff/refunds/:id/refunded',
  'GET /staff/patients',
  'GET /staff/patients/:patientId',
  // The front desk's (routes/staff-front-desk.ts).
  'POST /staff/appointments',
  'GET /staff/appointments/day-sheet.csv',
  'POST /staff/appointments/:appointmentId/assign',
  'POST /staff/payments/:clientReference/link',
  'GET /staff/orders/:id',
  'POST /staff/messages/:id/status',
  'POST /staff/messages/:id/reply',
  // The call-back queue (routes/staff-callbacks.ts).
  'GET /staff/callbacks',
  'POST /staff/callbacks/:id',
];

let admin: TestUser;
let p: TestUser;
let details: string[];
const ids = {
  appointment: '',
  appointmentDay: '',
  enquiry: '',
  message: '',
  order: '',
  refund: '',
  payable: '',
  bookDay: '',
  callback: '',
};
let doctorId: string;
let nurse: TestUser;

beforeAll(async () => {
  await seedCatalog(db());
  admin = await createStaffUser('admin');
  nurse = await createStaffUser('nurse');
  doctorId = await testDoctor(app, admin);
  p = await createTestUser();
  const surname = `Auditsson${randomUUID().slice(0, 8)}`;
  const phone = freshPhone();
  details = [p.uid, p.email.toLowerCase(), surname, phone];
  await db().collection(COLLECTIONS.patients).doc(p.uid).update({ lastName: surname, contactNumber: phone });
  const appointment = await storedAppointment(p.uid, 'Pending', { lastName: surname, contactNumber: phone });
  ids.appointment = appointment.appointmentId;
  ids.appointmentDay = appointment.requestedDay;
  // One the desk takes money for (the link, then cash), and an open day to book P a home visit on.
  const payable = await storedAppointment(p.uid, 'Pending', {
    lastName: surname,
    contactNumber: phone,
    requiresPayment: true,
    consultationFee: 100,
    paymentStatus: 'Unpaid',
  });
  ids.payable = payable.clientReference;
  // Before the days closures.test closes (from 310 ahead) and capacity.test fills (from 340).
  ids.bookDay = dayPlus(20 + Math.floor(Math.random() * 280));
  await db().collection(COLLECTIONS.closures).doc(ids.bookDay).delete();
  await db()
    .collection('appointmentFiles')
    .doc(ids.appointment)
    .set({ contentType: 'image/png', base64: Buffer.from('png').toString('base64') });
  await db()
    .collection(COLLECTIONS.appointments)
    .doc(ids.appointment)
    .update({ appointmentFileName: 'prescription.png', appointmentFileType: 'image/png' });
  const order = db().collection(COLLECTIONS.orders).doc();
  ids.order = order.id;
  await order.create({
    patientId: p.uid,
    items: [{ productId: 'x', productName: 'Paracetamol', price: 5, quantity: 1, lineTotal: 5 }],
    amount: 5,
    currencyCode: 'GHS',
    paymentStatus: 'Unpaid',
    clientReference: randomUUID().slice(0, 10),
    emailAddress: p.email,
    status: 'Pending',
    createdAt: Timestamp.now(),
  });
  const refund = db().collection(COLLECTIONS.refunds).doc();
  ids.refund = refund.id;
  await refund.create({
    clientReference: randomUUID().slice(0, 10),
    kind: 'order',
    recordId: order.id,
    patientId: p.uid,
    amount: 5,
    currency: 'GHS',
    reason: 'cancelled',
    status: 'Due',
    transactionId: 't1',
    createdAt: Timestamp.now(),
  });
  const enquiry = db().collection(COLLECTIONS.enquiries).doc();
  ids.enquiry = enquiry.id;
  await enquiry.create({
    organiztionName: 'Osu Traders',
    organiztionLocation: 'Accra',
    organiztionType: 'Company',
    nameOfPerson: `Efua ${surname}`,
    organiztionEmail: p.email,
    organiztionContact: phone,
    timeOfRequest: ghanaTimestamp(),
    status: 'Pending',
  });
  const message = db().collection(COLLECTIONS.feedback).doc();
  ids.message = message.id;
  await message.create({
    fullName: `Efua ${surname}`,
    telephone: phone,
    email: p.email,
    message: 'Hello',
    date: ghanaTimestamp(),
  });
  const callback = db().collection(COLLECTIONS.callbacks).doc();
  ids.callback = callback.id;
  await callback.create({
    phone,
    patientId: p.uid,
    reason: 'A payment',
    channel: 'USSD',
    requestedAt: Timestamp.now(),
    status: 'Open',
  });
});

/** The call each route gets: real ids of P's records, and a body that succeeds. */
function callOf(r: StaffRoute): { path: string; body?: object } | 'not-called' {
  const path = `/api${r.path
    .replace(':appointmentId', ids.appointment)
    .replace(':patientId', p.uid)
    .replace(':doctorId', doctorId)
    .replace(':serviceId', '3')
    .replace(':clientReference', ids.payable)}`;
  const lists: Record<string, string> = {
    'GET /staff/appointments': `?day=${ids.appointmentDay}`,
    'GET /staff/enquiries': '?limit=50',
    'GET /staff/messages': '?limit=50',
    'GET /staff/orders': '?limit=50',
    'GET /staff/refunds': '?limit=50',
    'GET /staff/payment-alerts': '?limit=50',
    'GET /staff/patients': `?q=${encodeURIComponent(details[2])}`,
    'GET /staff/roles': '?limit=50',
    'GET /staff/audit': `?limit=50&patientId=${p.uid}`,
    'GET /staff/appointments/day-sheet.csv': `?day=${ids.appointmentDay}&homeVisits=true`,
    'GET /staff/closures': '?from=2030-01-01&to=2030-12-31',
  };
  if (name(r) === 'GET /staff/orders/:id') return { path: path.replace(':id', ids.order) };
  if (r.method === 'get') return { path: path + (lists[name(r)] ?? '') };
  const changes: Record<string, { path: string; body?: object } | 'not-called'> = {
    'POST /staff/appointments/:appointmentId/:action': { path: path.replace(':action', 'accept') },
    'POST /staff/appointments/:appointmentId/reschedule': {
      path,
      body: { requestedDay: dayPlus(40 + Math.floor(Math.random() * 200)), requestedTime: '11:00' },
    },
    'POST /staff/enquiries/:id/status': { path: path.replace(':id', ids.enquiry), body: { status: 'Contacted' } },
    'POST /staff/orders/:id/status': { path: path.replace(':id', ids.order), body: { status: 'Cancelled' } },
    // No alert names P: refused (404), it shows and records nothing of P's.
    'POST /staff/payment-alerts/:id/resolved': {
      path: path.replace(':id', 'no-such-alert'),
      body: { note: 'Checked with Hubtel.' },
    },
    'POST /staff/refunds/:id/refunded': {
      path: path.replace(':id', ids.refund),
      body: { providerReference: 'MOMO-123', method: 'Cash' },
    },
    // The record's writes, refused (an empty prescription or test list, no file, no such prescription): they show nothing of P's.
    'POST /staff/appointments/:appointmentId/prescriptions': { path, body: { items: [] } },
    'POST /staff/appointments/:appointmentId/lab-requests': { path, body: { tests: [] } },
    'POST /staff/appointments/:appointmentId/results': { path: `${path}?name=result.pdf` },
    'POST /staff/prescriptions/:id/dispensed': { path: path.replace(':id', 'no-such-prescription') },
    // The front desk's: a new person; P's own record (an account, so the desk's phone code is refused: the account proves it).
    'POST /staff/patients': { path, body: { firstName: 'Kofi', lastName: 'Deskson', contactNumber: freshPhone() } },
    'POST /staff/patients/:patientId/phone/code': { path },
    'POST /staff/patients/:patientId/phone-pin/reset': { path, body: { idChecked: true } },
    'POST /staff/patients/:patientId/phone/verify': { path, body: { code: '123456' } },
    'POST /staff/patients/:patientId/confirm-claim': { path, body: { accountId: 'no-such-account' } },
    'POST /staff/patients/:patientId/email/code': { path },
    'POST /staff/patients/:patientId/email/verify': { path, body: { code: '123456' } },
    'POST /staff/appointments': {
      path,
      body: { patientId: p.uid, location: 'Osu', requestedServiceId: 3, requestedDay: ids.bookDay, address: { line: 'House 7' } },
    },
    'POST /staff/appointments/:appointmentId/assign': {
      path,
      body: { assignedTo: nurse.uid, arrivalWindow: { from: '10:00', to: '12:00' } },
    },
    'POST /staff/payments/:clientReference/link': { path },
    'POST /staff/payments/:clientReference/record': { path, body: { method: 'cash' } },
    'POST /staff/messages/:id/status': { path: path.replace(':id', ids.message), body: { status: 'Closed' } },
    'POST /staff/messages/:id/reply': { path: path.replace(':id', ids.message), body: { text: 'We will call you.' } },
    'POST /staff/callbacks/:id': { path: path.replace(':id', ids.callback), body: { status: 'Tried', outcome: 'No answer' } },
    // Closed days name no patient (a day far off, with nothing booked on it).
    'PUT /staff/closures/:day': { path: path.replace(':day', CLOSED_DAY), body: { reason: 'Audit walk' } },
    'DELETE /staff/closures/:day': { path: path.replace(':day', CLOSED_DAY) },
    // These change roles, schedules and capacities: no patient in their answers (checked with a body they refuse).
    'POST /staff/roles': { path, body: {} },
    'DELETE /staff/roles/:id': { path: path.replace(':id', 'no-such-id') },
    'PUT /staff/doctors/:doctorId/schedule': { path, body: {} },
    'PUT /staff/services/:serviceId/capacity': { path, body: {} },
  };
  return changes[name(r)] ?? 'not-called';
}

/** A closed day years ahead: nothing is booked on it, so closing it lists no one. */
const CLOSED_DAY = dayPlus(3000 + Math.floor(Math.random() * 3000));

const newEntries = async (before: Set<string>) =>
  (await db().collection(COLLECTIONS.auditLog).where('actorUid', '==', admin.uid).get()).docs
    .filter((d) => !before.has(d.id))
    .map((d) => d.data() as AuditEntry);

it('covers every route of the router: a route added without a call here fails', () => {
  expect(ROUTES.filter((r) => callOf(r) === 'not-called').map(name)).toEqual([]);
});

describe.each(ROUTES.map((r) => [name(r), r] as const))('%s', (routeName, route) => {
  it('when its answer shows patient P (or it is marked), then it is marked and wrote one audit entry (naming P when it showed P)', async () => {
    const call = callOf(route);
    if (call === 'not-called') throw new Error(`${routeName}: add its call to callOf`);
    // The reschedule route needs the appointment on a doctor with a schedule: P's appointment moves there.
    if (routeName.endsWith('/reschedule'))
      await db().collection(COLLECTIONS.appointments).doc(ids.appointment).update({ doctorId, requestedServiceId: 1 });
    const before = new Set(
      (await db().collection(COLLECTIONS.auditLog).where('actorUid', '==', admin.uid).get()).docs.map((d) => d.id),
    );
    const agent = request(app) as unknown as Record<string, (path: string) => request.Test>;
    const req = agent[route.method](call.path).set('Authorization', `Bearer ${admin.idToken}`);
    const res = call.body ? await req.send(call.body) : await req;
    const answer = JSON.stringify(res.body) + (typeof res.text === 'string' ? res.text : '');
    const shown = details.filter((d) => answer.includes(d));
    const entries = await newEntries(before);
    if (SHOW_P.includes(routeName)) expect({ routeName, shown: shown.length > 0 }).toEqual({ routeName, shown: true });

    if (routeName in NOT_PATIENT_DATA) {
      expect(route.marked).toBe(false);
      return;
    }
    const addressesP = /:patientId|:appointmentId/.test(route.path);
    if (shown.length > 0) {
      expect({ routeName, status: res.status, marked: route.marked }).toEqual({ routeName, status: res.status, marked: true });
      expect(res.status).toBeLessThan(300);
    }
    if (!route.marked || res.status >= 300) {
      // Unmarked (or refused): it showed nothing of P's, and recorded no read of P either.
      expect({ routeName, entries: entries.filter((e) => e.patientIds?.includes(p.uid)) }).toEqual({ routeName, entries: [] });
      return;
    }
    // Marked and answered: one entry for the answer, however many rows it held.
    expect({ routeName, entries: entries.length }).toEqual({ routeName, entries: 1 });
    const [entry] = entries;
    if (shown.length > 0 || addressesP) {
      const namesP =
        entry.patientIds?.includes(p.uid) ||
        [ids.enquiry, ids.message].some((id) => entry.recordIds?.includes(id) || entry.target.endsWith(`/${id}`));
      expect({ routeName, entry, namesP }).toEqual({ routeName, entry, namesP: true });
    }
  });
});

describe('what the entries say', () => {
  it('a search records its text, how many came back and who', async () => {
    const res = await request(app)
      .get(`/api/staff/patients?q=${encodeURIComponent(details[2])}`)
      .set('Authorization', `Bearer ${admin.idToken}`);
    expect(res.status).toBe(200);
    const [entry] = (
      await db().collection(COLLECTIONS.auditLog).where('action', '==', 'patient.search').where('query', '==', details[2]).get()
    ).docs.map((d) => d.data());
    expect(entry).toMatchObject({ actorUid: admin.uid, count: 1, patientIds: [p.uid], target: 'patients' });
  });

  it('a list records its filter, how many it showed and whose, in one entry however many rows', async () => {
    const others = await Promise.all([createTestUser(), createTestUser()]);
    const day = dayPlus(400 + Math.floor(Math.random() * 300)); // beyond freshSlot's days: these three only
    for (const who of [p, ...others]) await storedAppointment(who.uid, 'Pending', { requestedDay: day });
    const before = new Set(
      (await db().collection(COLLECTIONS.auditLog).where('actorUid', '==', admin.uid).get()).docs.map((d) => d.id),
    );
    const res = await request(app).get(`/api/staff/appointments?day=${day}`).set('Authorization', `Bearer ${admin.idToken}`);
    expect(res.body.data.items).toHaveLength(3);
    const entries = await newEntries(before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'appointment.list', query: `day=${day}`, count: 3 });
    expect([...entries[0].patientIds!].sort()).toEqual([p.uid, ...others.map((o) => o.uid)].sort());
  });

  it('GET /staff/audit?patientId= answers only the entries naming that patient, newest first', async () => {
    const res = await request(app)
      .get(`/api/staff/audit?patientId=${p.uid}&limit=50`)
      .set('Authorization', `Bearer ${admin.idToken}`);
    expect(res.status).toBe(200);
    const items = res.body.data.items as AuditEntry[];
    expect(items.length).toBeGreaterThan(3);
    expect(items.every((e) => e.patientIds?.includes(p.uid))).toBe(true);
    expect(items.map((e) => e.at)).toEqual([...items.map((e) => e.at)].sort().reverse());
    const bad = await request(app).get('/api/staff/audit?patientId=a/b').set('Authorization', `Bearer ${admin.idToken}`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/Patient/);
  });
});
