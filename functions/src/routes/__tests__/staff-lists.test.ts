// The provider's and the newsletter's local secrets (functions/.secret.local), as the emulator reads them.
import '../../test-support/payments';
import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { createApp } from '../../app';
import { seedCatalog } from '../../seed/seed';
import { saveEnquiry, subscribeToNewsletter } from '../../services/public/public-forms';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createStaffUser, createTestUser, signIn, type TestUser } from '../../test-support/auth';
import { auditOf, storedAppointment } from '../../test-support/staff';
import { eventually, freshPhone, setPatientContact, smsDocsOf } from '../../test-support/sms';
import { mailDocsOf } from '../../test-support/mail';

/** The clinic's lists and the changes it makes outside appointments: pages, inbox, orders, refunds, patients, roles, audit. */
const app = createApp();
const as = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });
const get = (user: TestUser, path: string) => request(app).get(`/api${path}`).set(as(user));
const post = (user: TestUser, path: string, body: object) => request(app).post(`/api${path}`).set(as(user)).send(body);

let patient: TestUser;
let admin: TestUser;
let staff: TestUser;

beforeAll(async () => {
  await seedCatalog(db());
  [patient, admin, staff] = await Promise.all([createTestUser(), createStaffUser('admin'), createStaffUser('staff')]);
});

/** A day in a year no other test books, so this test's day view holds only its own appointments. */
const lonelyDay = () =>
  `20${60 + Math.floor(Math.random() * 30)}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`;

describe('GET /staff/appointments', () => {
  it('when a day has 5 appointments and pages hold 2, then the cursor walks 3 pages with each once, by time, and counts cover the day', async () => {
    const day = lonelyDay();
    const times = ['08:00', '09:30', '10:00', '13:15', '16:45'];
    const states = ['Pending', 'Pending', 'Accepted', 'Declined', 'Pending'] as const;
    const made = await Promise.all(
      times.map((t, i) => storedAppointment(patient.uid, states[i], { requestedDay: day, requestedTime: t })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(staff, `/staff/appointments?day=${day}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.data.counts).toMatchObject({ Pending: 3, Accepted: 1, Declined: 1, Completed: 0 });
      seen.push(...res.body.data.items.map((a: { requestedTime: string }) => a.requestedTime));
      cursor = res.body.data.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual(times);
    expect(pages).toBe(3);
    const pending = await get(staff, `/staff/appointments?day=${day}&status=Pending`);
    expect(pending.body.data.items.map((a: { appointmentId: string }) => a.appointmentId).sort()).toEqual(
      made
        .filter((a) => a.appointmentStatus === 'Pending')
        .map((a) => a.appointmentId)
        .sort(),
    );
  });

  it('when the filter is wrong, then 400 naming the field; a cursor of no document is 400 too', async () => {
    expect((await get(staff, '/staff/appointments?day=14-03-2026')).body.msg).toMatch(/^Day must be a date/);
    expect((await get(staff, '/staff/appointments?status=Lost')).status).toBe(400);
    expect((await get(staff, '/staff/appointments?limit=500')).body.msg).toMatch(/Page size can be at most 50/);
    const stale = await get(staff, '/staff/appointments?cursor=no-such-appointment');
    expect(stale.status).toBe(400);
    expect(stale.body.msg).toMatch(/^cursor/);
  });
});

describe('GET /staff/overview', () => {
  it("when a doctor looks, then they see their own bookings per day and none of the clinic's money", async () => {
    const doctor = await createStaffUser('doctor', 'dr-quaye');
    const inThree = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const before = await get(doctor, '/staff/overview');
    await storedAppointment(patient.uid, 'Pending', { doctorId: 'dr-quaye', requestedDay: inThree });
    const res = await get(doctor, '/staff/overview');
    expect(res.status).toBe(200);
    expect(res.body.data.bookingsPerDay).toHaveLength(29);
    const count = (r: typeof res) => r.body.data.bookingsPerDay.find((d: { day: string }) => d.day === inThree).count;
    expect(count(res)).toBe(count(before) + 1);
    expect(res.body.data).toMatchObject({ revenuePerWeek: [], refundsDue: 0, openEnquiries: 0, ordersToDispatch: 0 });
  });

  it('when staff look, then there are 8 weeks of paid revenue (from the payments ledger), starting on Mondays', async () => {
    const thisWeek = async () => (await get(staff, '/staff/overview')).body.data.revenuePerWeek.at(-1).amount as number;
    const before = await thisWeek();
    const ref = randomUUID().replace(/-/g, '').slice(0, 10);
    await db()
      .collection(COLLECTIONS.payments)
      .doc(ref)
      .create({ clientReference: ref, amount: 123.45, paidAt: Timestamp.now() });
    expect(await thisWeek()).toBeGreaterThanOrEqual(before + 123.45 - 0.001);
    const res = await get(staff, '/staff/overview');
    expect(res.body.data.revenuePerWeek).toHaveLength(8);
    for (const w of res.body.data.revenuePerWeek) expect(new Date(`${w.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(res.body.data.today).toMatch(/^\d{4}-\d\d-\d\d$/);
  });

  it('when a package renewal is charged by direct debit, then the week shows it as its own part of the revenue', async () => {
    const thisWeek = async () =>
      (await get(staff, '/staff/overview')).body.data.revenuePerWeek.at(-1) as { amount: number; directDebit: number };
    const before = await thisWeek();
    const entry = (amount: number, method?: string) => {
      const ref = randomUUID().replace(/-/g, '').slice(0, 10);
      return db()
        .collection(COLLECTIONS.payments)
        .doc(ref)
        .create({ clientReference: ref, amount, paidAt: Timestamp.now(), ...(method ? { method } : {}) });
    };
    await entry(99, 'direct-debit');
    await entry(40, 'cash');
    const after = await thisWeek();
    // At least (other suites may pay meanwhile): the direct debit counts in its part, the cash only in the total.
    expect(after.directDebit).toBeGreaterThanOrEqual(before.directDebit + 99 - 0.001);
    expect(after.amount).toBeGreaterThanOrEqual(before.amount + 139 - 0.001);
    expect(after.amount - after.directDebit).toBeGreaterThanOrEqual(before.amount - before.directDebit + 40 - 0.001);
  });
});

describe('the inbox', () => {
  it("when staff mark an enquiry Contacted, then the spec's updateBy, updatedById, updatedOn are set and audited", async () => {
    const enquiry = await saveEnquiry({
      organiztionName: 'Accra Academy',
      organiztionLocation: 'Accra',
      organiztionType: 'ORGANIZATION',
      nameOfPerson: 'Yaa Boateng',
      organiztionEmail: 'yaa@example.com',
      organiztionContact: '0241234567',
    });
    const res = await post(staff, `/staff/enquiries/${enquiry.id}/status`, { status: 'Contacted' });
    expect(res.status).toBe(200);
    const stored = (await db().collection(COLLECTIONS.enquiries).doc(enquiry.id).get()).data();
    expect(stored).toMatchObject({
      status: 'Contacted',
      updateBy: staff.email,
      updatedById: staff.uid,
      updatedOn: expect.stringMatching(/^\d{4}-/),
    });
    expect(await auditOf(`enquiries/${enquiry.id}`)).toEqual([
      expect.objectContaining({ action: 'enquiry.contacted', actorUid: staff.uid }),
    ]);
    const list = await get(staff, '/staff/enquiries?status=Contacted&limit=50');
    expect(list.body.data.items.map((e: { id: string }) => e.id)).toContain(enquiry.id);
    expect((await post(staff, `/staff/enquiries/${enquiry.id}/status`, { status: 'Done' })).status).toBe(400);
  });

  it('when staff export the newsletter, then a CSV holds each subscriber and no cell can run as a formula', async () => {
    const email = `=cmd-${randomUUID()}@example.com`;
    await subscribeToNewsletter({ email });
    const res = await get(staff, '/staff/newsletter.csv');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.text.startsWith('email,date\r\n')).toBe(true);
    expect(res.text).toContain(`"'${email}"`);
  });

  it('lists contact messages newest first', async () => {
    const res = await get(staff, '/staff/messages?limit=5');
    expect(res.status).toBe(200);
    const dates = res.body.data.items.map((m: { date: string }) => m.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe('orders and refunds', () => {
  async function order(paymentStatus: 'Paid' | 'Unpaid') {
    const ref = db().collection(COLLECTIONS.orders).doc();
    const clientReference = randomUUID().replace(/-/g, '').slice(0, 10);
    await ref.create({
      patientId: patient.uid,
      items: [{ productId: 'paracetamol', productName: 'Paracetamol', price: 10, quantity: 2, lineTotal: 20 }],
      amount: 20,
      currencyCode: 'GHS',
      paymentStatus,
      clientReference,
      emailAddress: patient.email,
      status: 'Pending',
      createdAt: Timestamp.now(),
      ...(paymentStatus === 'Paid' ? { transactionId: `tx-${clientReference}` } : {}),
    });
    return { id: ref.id, clientReference };
  }

  it('moves a paid order Pending -> Dispatched -> Delivered and refuses going back', async () => {
    const o = await order('Paid');
    expect((await post(staff, `/staff/orders/${o.id}/status`, { status: 'Delivered' })).body.msg).toBe(
      'This order is Pending: it cannot be marked Delivered.',
    );
    expect((await post(staff, `/staff/orders/${o.id}/status`, { status: 'Dispatched' })).status).toBe(200);
    expect((await post(staff, `/staff/orders/${o.id}/status`, { status: 'Delivered' })).body.data.status).toBe('Delivered');
    expect((await post(staff, `/staff/orders/${o.id}/status`, { status: 'Cancelled' })).status).toBe(409);
    expect((await auditOf(`orders/${o.id}`)).map((e) => e.action).sort()).toEqual(['order.delivered', 'order.dispatched']);
  });

  it('does not dispatch an unpaid order', async () => {
    const o = await order('Unpaid');
    const res = await post(staff, `/staff/orders/${o.id}/status`, { status: 'Dispatched' });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('This order is not paid yet: it cannot be dispatched.');
  });

  it('when a paid order is cancelled, then a refund is Due; marking it refunded records who, when and the reference, once', async () => {
    const o = await order('Paid');
    expect((await post(staff, `/staff/orders/${o.id}/status`, { status: 'Cancelled' })).status).toBe(200);
    const refunds = await db().collection(COLLECTIONS.refunds).where('clientReference', '==', o.clientReference).get();
    expect(refunds.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({ kind: 'order', amount: 20, status: 'Due', reason: 'cancelled' }),
    ]);
    const id = refunds.docs[0].id;
    const due = await get(staff, '/staff/refunds?status=Due&limit=50');
    expect(due.body.data.items.map((r: { id: string }) => r.id)).toContain(id);

    expect((await post(staff, `/staff/refunds/${id}/refunded`, {})).body.msg).toMatch(/provider's reference/);
    expect((await post(staff, `/staff/refunds/${id}/refunded`, { providerReference: 'MM-REV-123' })).body.msg).toBe(
      'How it was refunded is required.',
    );
    const res = await post(staff, `/staff/refunds/${id}/refunded`, {
      providerReference: 'MM-REV-123',
      method: 'MTN mobile money',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'Refunded',
      refundedBy: staff.email,
      providerReference: 'MM-REV-123',
      method: 'MTN mobile money',
      refundedAt: expect.any(String),
    });
    expect((await post(staff, `/staff/refunds/${id}/refunded`, { providerReference: 'again', method: 'Cash' })).status).toBe(409);
    expect(await auditOf(`refunds/${id}`)).toEqual([expect.objectContaining({ action: 'refund.refunded' })]);
  });

  it('when a refund of an appointment is marked refunded, then the patient is told the amount, how and the reference, and the appointment says Refunded', async () => {
    const payer = await createTestUser();
    const phone = freshPhone();
    await setPatientContact(payer.uid, { contactNumber: phone });
    const a = await storedAppointment(payer.uid, 'Accepted', {
      requestedServiceId: 1,
      requestedService: 'Virtual Consultation',
      consultationFee: 100,
      requiresPayment: true,
      paymentStatus: 'Paid',
    });
    // The provider's transaction (the settlement stores it on the paid appointment).
    await db()
      .collection(COLLECTIONS.appointments)
      .doc(a.appointmentId)
      .update({ transactionId: `tx-${randomUUID().slice(0, 8)}` });
    expect((await post(staff, `/staff/appointments/${a.appointmentId}/cancel`, {})).status).toBe(200);
    const [due] = (await db().collection(COLLECTIONS.refunds).where('recordId', '==', a.appointmentId).get()).docs;
    const res = await post(staff, `/staff/refunds/${due.id}/refunded`, {
      providerReference: 'MM-REV-777',
      method: 'Telecel mobile money',
    });
    expect(res.status).toBe(200);

    const [sms] = (
      await eventually(
        () => smsDocsOf(payer.uid),
        (s) => s.some((m) => m.event === 'refund.sent'),
      )
    ).filter((m) => m.event === 'refund.sent');
    expect(sms).toMatchObject({
      to: phone,
      body: expect.stringContaining(
        'We have refunded GHS 100.00 for your Virtual Consultation by Telecel mobile money, ref MM-REV-777.',
      ),
    });
    const mail = (await mailDocsOf(payer.uid)).find(
      (m) => m.message.subject === 'Refund sent: GHS 100.00 for your Virtual Consultation',
    );
    expect(mail?.message.text).toEqual(expect.stringContaining('How: Telecel mobile money'));
    expect(mail?.message.text).toEqual(expect.stringContaining('Refund reference: MM-REV-777'));
    const stored = (await db().collection(COLLECTIONS.appointments).doc(a.appointmentId).get()).data()!;
    expect(stored).toMatchObject({ refundedAmount: 100, refundedAt: expect.any(String) });
  });
});

describe('patients', () => {
  it('finds a patient by e-mail, phone or name prefix, at most 20, and audits the search', async () => {
    const byEmail = await get(staff, `/staff/patients?q=${encodeURIComponent(patient.email.slice(0, 20).toUpperCase())}`);
    expect(byEmail.body.data.map((p: { patientId: string }) => p.patientId)).toContain(patient.uid);
    const byName = await get(staff, '/staff/patients?q=kwam');
    expect(byName.body.data.length).toBeGreaterThan(0);
    expect(byName.body.data.length).toBeLessThanOrEqual(20);
    expect(
      // A name or an e-mail address (another suite's kwame-...@example.com) that starts with the text.
      byName.body.data.every((p: { firstName: string; lastName: string; emailAddress?: string }) =>
        [p.firstName, p.lastName, p.emailAddress ?? ''].some((word) => /^kwam/i.test(word)),
      ),
    ).toBe(true);
    const byPhone = await get(staff, '/staff/patients?q=024 123');
    expect(byPhone.body.data.every((p: { contactNumber: string }) => p.contactNumber.startsWith('+23324123'))).toBe(true);
    expect((await get(staff, '/staff/patients?q=a')).status).toBe(400);
  });

  it("when staff open a patient's page, then it holds their appointments, and the read is in the audit log", async () => {
    const a = await storedAppointment(patient.uid, 'Pending');
    const res = await get(staff, `/staff/patients/${patient.uid}`);
    expect(res.status).toBe(200);
    expect(res.body.data.patient.patientId).toBe(patient.uid);
    expect(res.body.data.appointments.map((x: { appointmentId: string }) => x.appointmentId)).toContain(a.appointmentId);
    expect(res.body.data).toMatchObject({ subscriptions: expect.any(Array), orders: expect.any(Array) });
    expect(await auditOf(`patients/${patient.uid}`)).toContainEqual(
      expect.objectContaining({ action: 'patient.read', actorUid: staff.uid }),
    );
  });
});

describe('roles and the audit log (admins)', () => {
  it("when an admin grants staff, then the person's next token opens the console; when revoked, the next one does not", async () => {
    const person = await createTestUser({ emailVerified: true });
    const granted = await post(admin, '/staff/roles', { email: person.email, role: 'staff' });
    expect(granted.status).toBe(201);
    expect(granted.body.data).toMatchObject({ uid: person.uid, role: 'staff' });
    const staffToken = { ...person, idToken: await signIn(person.email) };
    expect((await get(staffToken, '/staff/enquiries')).status).toBe(200);
    const roster = await get(admin, '/staff/roles?limit=50');
    expect(roster.status).toBe(200);

    expect((await request(app).delete(`/api/staff/roles/${person.uid}`).set(as(admin))).status).toBe(200);
    const after = { ...person, idToken: await signIn(person.email) };
    expect((await get(after, '/staff/enquiries')).status).toBe(403);
    expect((await auditOf(`users/${person.uid}`)).map((e) => e.action).sort()).toEqual(['role.grant.staff', 'role.revoke']);
  });

  it('refuses a doctor role without a real doctorId, an unknown e-mail, and removing oneself', async () => {
    const person = await createTestUser({ emailVerified: true });
    expect((await post(admin, '/staff/roles', { email: person.email, role: 'doctor' })).body.msg).toMatch(/Doctor is required/);
    const noDoctor = await post(admin, '/staff/roles', { email: person.email, role: 'doctor', doctorId: 'dr-nobody' });
    expect(noDoctor.status).toBe(400);
    expect(noDoctor.body.msg).toBe("The doctor 'dr-nobody' does not exist: choose one from the list.");
    expect((await post(admin, '/staff/roles', { email: `nobody-${randomUUID()}@example.com`, role: 'staff' })).status).toBe(404);
    expect((await request(app).delete(`/api/staff/roles/${admin.uid}`).set(as(admin))).status).toBe(409);
  });

  it('pages through the audit log newest first', async () => {
    const first = await get(admin, '/staff/audit?limit=3');
    expect(first.status).toBe(200);
    expect(first.body.data.items).toHaveLength(3);
    const second = await get(admin, `/staff/audit?limit=3&cursor=${first.body.data.nextCursor}`);
    const at = [...first.body.data.items, ...second.body.data.items].map((e: { at: string }) => e.at);
    expect(at).toEqual([...at].sort().reverse());
    expect(new Set([...first.body.data.items, ...second.body.data.items].map((e: { id: string }) => e.id)).size).toBe(at.length);
  });

  type AuditRow = {
    action: string;
    target: string;
    actorUid: string;
    actorName?: string;
    targetName?: string;
    patientNames?: Record<string, string>;
  };

  it("names the people in the audit log: the actor's e-mail and a patient by the name on their record, not their id or e-mail", async () => {
    const person = await createTestUser({ emailVerified: true });
    expect((await post(admin, '/staff/roles', { email: person.email, role: 'staff' })).status).toBe(201);
    const { items } = (await get(admin, '/staff/audit?limit=20')).body.data as { items: AuditRow[] };
    const grant = items.find((e) => e.target === `users/${person.uid}`);
    expect(grant).toMatchObject({
      action: 'role.grant.staff',
      actorUid: admin.uid,
      actorName: admin.email,
      targetName: 'Kwame Mensah',
    });
    // The patients an answer showed read as their names too, by id.
    expect((await get(admin, `/staff/patients/${person.uid}`)).status).toBe(200);
    const read = ((await get(admin, `/staff/audit?patientId=${person.uid}`)).body.data.items as AuditRow[]).find(
      (e) => e.action === 'patient.read',
    );
    expect(read?.patientNames).toEqual({ [person.uid]: 'Kwame Mensah' });
  });
});
