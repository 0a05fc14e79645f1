import '../../test-support/payments';
import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { createApp } from '../../app';
import { seedCatalog } from '../../seed/seed';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createStaffUser, createTestUser, type TestUser } from '../../test-support/auth';
import { bearer } from '../../test-support/scheduling';
import { auditOf } from '../../test-support/staff';
import { mailsTo } from '../../test-support/mail';

/**
 * Orders and contact messages on the clinic's side (docs/front-desk.md): an order says who it
 * goes to and where, only a Paid one is dispatched, and the overview's count is the list's; a
 * contact message has a status and a reply mailed to its sender and kept with it.
 */
const app = createApp();

let staff: TestUser;
let customer: TestUser;

beforeAll(async () => {
  await seedCatalog(db());
  [staff, customer] = await Promise.all([createStaffUser('staff'), createTestUser()]);
  await db().collection(COLLECTIONS.patients).doc(customer.uid).update({
    firstName: 'Akua',
    lastName: 'Boateng',
    contactNumber: '+233201112233',
    address: 'Flat 3, Ring Road Central',
    patientLocation: 'Accra',
  });
});

const get = (path: string) => request(app).get(`/api${path}`).set(bearer(staff));
const post = (path: string, body: object) => request(app).post(`/api${path}`).set(bearer(staff)).send(body);

async function order(paymentStatus: 'Paid' | 'Unpaid', status = 'Pending') {
  const ref = db().collection(COLLECTIONS.orders).doc();
  const clientReference = randomUUID().replace(/-/g, '').slice(0, 10);
  await ref.create({
    patientId: customer.uid,
    items: [{ productId: 'paracetamol', productName: 'Paracetamol', price: 10, quantity: 2, lineTotal: 20 }],
    amount: 20,
    currencyCode: 'GHS',
    paymentStatus,
    clientReference,
    emailAddress: customer.email,
    status,
    createdAt: Timestamp.now(),
  });
  return ref.id;
}

describe('orders', () => {
  it("the list and the detail carry the customer's name, phone and delivery address; the detail read is audited", async () => {
    const id = await order('Paid');
    const list = await get('/staff/orders?limit=50');
    const listed = list.body.data.items.find((o: { id: string }) => o.id === id);
    const who = {
      customerName: 'Akua Boateng',
      contactNumber: '+233201112233',
      deliveryAddress: 'Flat 3, Ring Road Central, Accra',
    };
    expect(listed).toMatchObject({ ...who, status: 'Pending', paymentStatus: 'Paid' });
    expect(listed).not.toHaveProperty('emailAddress');
    const detail = await get(`/staff/orders/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ id, ...who, items: [expect.objectContaining({ productName: 'Paracetamol' })] });
    expect(await auditOf(`orders/${id}`)).toEqual([expect.objectContaining({ action: 'order.read', actorUid: staff.uid })]);
    expect((await get('/staff/orders/no-such-order')).status).toBe(404);
  });

  it('only a Paid order is dispatched, and the overview counts exactly the Paid orders not yet dispatched', async () => {
    const unpaid = await order('Unpaid');
    const paid = await order('Paid');
    const refused = await post(`/staff/orders/${unpaid}/status`, { status: 'Dispatched' });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('This order is not paid yet: it cannot be dispatched.');

    /** The list's Paid-to-dispatch orders, every page, and the overview's count, read until both agree (other tests add orders meanwhile). */
    const both = async () => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await get(`/staff/orders?toDispatch=true&limit=50${cursor ? `&cursor=${cursor}` : ''}`);
        ids.push(
          ...page.body.data.items.map((o: { id: string; paymentStatus: string; status: string }) => {
            expect([o.paymentStatus, o.status]).toEqual(['Paid', 'Pending']);
            return o.id;
          }),
        );
        cursor = page.body.data.nextCursor;
      } while (cursor);
      const count = (await get('/staff/overview')).body.data.ordersToDispatch as number;
      return { ids, count };
    };
    let seen = await both();
    for (let i = 0; i < 5 && seen.ids.length !== seen.count; i++) seen = await both();
    expect(seen.count).toBe(seen.ids.length);
    expect(seen.ids).toContain(paid);
    expect(seen.ids).not.toContain(unpaid);

    expect((await post(`/staff/orders/${paid}/status`, { status: 'Dispatched' })).status).toBe(200);
    const after = await both();
    expect(after.ids).not.toContain(paid);
  });
});

describe('contact messages', () => {
  async function message(fields: Record<string, unknown> = {}) {
    const ref = db().collection(COLLECTIONS.feedback).doc();
    await ref.create({
      docid: null,
      date: '2026-11-20 10:15:00',
      email: `kojo-${randomUUID()}@example.com`,
      fullName: 'Kojo Antwi',
      message: 'Do you visit patients in Kasoa?',
      source: 'WEBSITE',
      telephone: '0241112233',
      ...fields,
    });
    return ref.id;
  }

  it('when stored before statuses, then it reads New with no replies; a status change is saved and audited', async () => {
    const id = await message();
    const list = await get('/staff/messages?limit=50');
    expect(list.body.data.items.find((m: { docid: string }) => m.docid === id)).toMatchObject({ status: 'New', replies: [] });
    const closed = await post(`/staff/messages/${id}/status`, { status: 'Closed' });
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ docid: id, status: 'Closed', statusUpdatedBy: staff.email });
    expect((await post(`/staff/messages/${id}/status`, { status: 'Done' })).body.msg).toBe(
      'Status must be one of New, Replied, Closed.',
    );
    expect(await auditOf(`feedback/${id}`)).toEqual([expect.objectContaining({ action: 'message.closed' })]);
  });

  it("when staff reply, then the text is mailed to the sender's address, kept with the message, and it is Replied; audited", async () => {
    const id = await message();
    const email = (await db().collection(COLLECTIONS.feedback).doc(id).get()).get('email') as string;
    expect((await post(`/staff/messages/${id}/reply`, { text: '   ' })).body.msg).toBe('Reply is required.');
    const res = await post(`/staff/messages/${id}/reply`, {
      text: 'Yes: we visit Kasoa on Tuesdays and Fridays. <b>Call us</b> to book.',
    });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe(`Your reply has been e-mailed to ${email}.`);
    expect(res.body.data).toMatchObject({
      status: 'Replied',
      replies: [
        { text: 'Yes: we visit Kasoa on Tuesdays and Fridays. <b>Call us</b> to book.', by: staff.email, at: expect.any(String) },
      ],
    });
    const mails = await mailsTo(email);
    expect(mails).toEqual([
      expect.objectContaining({
        event: 'message.reply',
        message: expect.objectContaining({
          subject: 'Re: your message to ExpMed Health',
          text: expect.stringContaining('Yes: we visit Kasoa on Tuesdays and Fridays.'),
          html: expect.stringContaining('&lt;b&gt;Call us&lt;/b&gt;'),
        }),
      }),
    ]);
    expect((await db().collection(COLLECTIONS.feedback).doc(id).get()).get('replies')).toHaveLength(1);
    expect(await auditOf(`feedback/${id}`)).toEqual([expect.objectContaining({ action: 'message.reply', actorUid: staff.uid })]);
  });
});
