import '../../../test-support/payments';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createApp } from '../../../app';
import { createCallbackApp } from '../../../routes/payment-callback';
import type { PayableKind } from '../../../api/types';
import { newClientReference } from '../../../provider/client-reference';
import type { TransactionStatus } from '../../../provider/provider';
import { COLLECTIONS } from '../../../store/collections';
import { db } from '../../../store/firebase';
import { payableStore, type PayableFields } from '../../../store/payments';
import { createTestUser, type TestUser } from '../../../test-support/auth';
import { subjectsTo } from '../../../test-support/mail';
import { callbackPath, payInSandbox, setFaults } from '../../../test-support/payments';
import { findPayable, registerPayable, type PayableKindImpl } from '../payable';
import { markPaid } from '../settlement';

/**
 * A new kind of payable is added without editing payments (docs/money.md "A new kind of
 * payable"): an organisation's invoice, made here, in its own collections, registered as the
 * organisations issue will register its own, and paid end to end through the checkout, the
 * sandbox (the provider's stand-in), the callback and markPaid against the Firestore emulator.
 */

/** The organisations issue adds 'invoice' to PAYABLE_KIND in the contract; this test's kind stands in for it. */
const KIND = 'test-invoice' as PayableKind;
const INVOICES = 'testInvoices';
const ORGANISATIONS = 'testOrganisations';

interface TestInvoice extends PayableFields {
  number: string;
  organisationId: string;
  amount: number;
  status: 'Issued' | 'Void' | 'Paid';
  refundDue?: boolean;
}

const organisation = (id: string) => db().collection(ORGANISATIONS).doc(id);

const invoicePayable: PayableKindImpl<TestInvoice> = {
  kind: KIND,
  store: payableStore<TestInvoice>(INVOICES),
  amount: (i) => i.amount,
  describe: (i) => `Invoice ${i.number}`,
  async settling(tx, { ref, data }) {
    const org = await tx.get(organisation(data.organisationId));
    return {
      refusal: data.status === 'Void' ? 'cancelled' : undefined,
      onPaid() {
        tx.update(org.ref, { owed: Number(org.get('owed')) - data.amount, lastPaid: ref.id });
        return { recordUpdate: { status: 'Paid' } };
      },
      onRefundDue: () => tx.update(ref, { refundDue: true }),
    };
  },
  refundSent: async () => ({ what: 'your invoice', apply: () => undefined }),
};
registerPayable(invoicePayable);

const app = createApp();
const callbackApp = createCallbackApp();

/** An invoice of 120 GHS for the patient, its organisation owing 500. */
async function issueInvoice(user: TestUser, status: TestInvoice['status'] = 'Issued') {
  const organisationId = randomUUID();
  await organisation(organisationId).set({ owed: 500 });
  const invoice: TestInvoice = {
    number: `INV-${organisationId.slice(0, 6)}`,
    organisationId,
    amount: 120,
    status,
    clientReference: newClientReference(),
    patientId: user.uid,
    paymentStatus: 'Unpaid',
  };
  const ref = db().collection(INVOICES).doc();
  await ref.set(invoice);
  return { ref, organisationId, clientReference: invoice.clientReference };
}

const paidStatus = (amount: number): TransactionStatus => ({
  status: 'Paid',
  amount,
  charges: 0,
  amountAfterCharges: amount,
  transactionId: `test-${randomUUID()}`,
  externalTransactionId: '',
  paymentMethod: 'mobilemoney',
  currencyCode: 'GHS',
});

describe('a payable kind registered from outside payments', () => {
  it('when the patient pays an invoice in the checkout and the callback comes, then it is Paid once, in the ledger, with its kind’s own change and a receipt', async () => {
    const user = await createTestUser();
    const { ref, organisationId, clientReference } = await issueInvoice(user);
    await setFaults(clientReference, { callback: 'drop' });

    const started = await request(app)
      .post('/api/payment/initiate')
      .set({ Authorization: `Bearer ${user.idToken}` })
      .send({ clientReference });
    expect(started.status).toBe(200);
    expect(started.body.data.checkoutDirectUrl).toEqual(expect.any(String));
    await payInSandbox(clientReference);

    const callback = () =>
      request(callbackApp)
        .post(callbackPath(clientReference))
        .send({ ResponseCode: '0000', Status: 'Success', Data: { ClientReference: clientReference, Status: 'Success' } });
    const first = await callback();
    expect(first.body.data).toEqual({ outcome: 'paid' });
    expect((await callback()).body.data).toEqual({ outcome: 'already-paid' });

    const invoice = (await ref.get()).data();
    expect(invoice).toMatchObject({ paymentStatus: 'Paid', status: 'Paid', paymentSource: 'online' });
    const ledger = (await db().collection(COLLECTIONS.payments).doc(clientReference).get()).data();
    expect(ledger).toMatchObject({ kind: KIND, record: ref.path, amount: 120, patientId: user.uid, source: 'online' });
    expect((await organisation(organisationId).get()).data()).toEqual({ owed: 380, lastPaid: ref.id });
    expect(await subjectsTo(user.email)).toContain(`Payment received: Invoice INV-${organisationId.slice(0, 6)}`);
  });

  it('when a payment arrives for a voided invoice, then markPaid makes it a refund Due, and the kind notes it on its record', async () => {
    const user = await createTestUser();
    const { ref, organisationId, clientReference } = await issueInvoice(user, 'Void');
    const payable = await findPayable(clientReference);
    expect(payable).toMatchObject({ kind: KIND, amount: 120, patientId: user.uid });

    expect(await markPaid(payable!, paidStatus(120))).toBe('refund-due');

    const refunds = await db().collection(COLLECTIONS.refunds).where('clientReference', '==', clientReference).get();
    expect(refunds.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({ kind: KIND, recordId: ref.id, reason: 'cancelled', amount: 120, status: 'Due' }),
    ]);
    expect((await ref.get()).data()).toMatchObject({ paymentStatus: 'Unpaid', status: 'Void', refundDue: true });
    expect((await db().collection(COLLECTIONS.payments).doc(clientReference).get()).exists).toBe(false);
    expect((await organisation(organisationId).get()).data()).toEqual({ owed: 500 });
  });
});
