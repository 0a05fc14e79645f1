import '../../test-support/payments';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createApp } from '../../app';
import { RX_CODE_ALPHABET, RX_CODE_LENGTH } from '../../api/record';
import { isGsm7, septets } from '../../notifications/sms-text';
import { seedCatalog } from '../../seed/seed';
import { doctorSlotRef } from '../../store/appointments';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createStaffUser, createTestUser, type TestUser } from '../../test-support/auth';
import { bearer } from '../../test-support/scheduling';
import { eventually, setPatientContact, smsSentTo } from '../../test-support/sms';
import { auditOf, startingIn, storedAppointment } from '../../test-support/staff';
import {
  KEY,
  phone,
  choices,
  appointmentsOf,
  patientsWith,
  sessionDoc,
  newCaller,
  toConfirm,
  PIN,
  choosingPin,
  withPin,
  fulfil,
  approveInSandbox,
  declineInSandbox,
  sandboxSession,
} from '../../test-support/ussd';

/**
 * The USSD channel (docs/ussd.md) with Hubtel-shaped requests: the in-process `ussd` app, the
 * emulators, and the sandbox as the provider's status API and fulfilment callback.
 */
const api = createApp();

beforeAll(async () => {
  await seedCatalog(db());
});

describe('a new number', () => {
  it('is asked a name, becomes a clinic record with source USSD and a verified phone, and sees the menu', async () => {
    const p = phone();
    expect((await p.dial()).Type).toBe('response');
    const refused = await p.say('Kofi');
    expect(refused.Message).toContain('Please type your first and last name.');
    expect(await patientsWith(p.mobile)).toHaveLength(0);
    const menu = await p.say('Kofi Asante');
    expect(menu.Message).toMatch(/^Welcome, Kofi\.\nExpMed Health\n1 Book\n2 My next appointment/);
    const [record] = await patientsWith(p.mobile);
    expect(record).toMatchObject({ firstName: 'Kofi', lastName: 'Asante', source: 'USSD', accountStatus: 'Clinic' });
    expect(record.phoneVerifiedAt).toEqual(expect.any(String));
    // Dialling again: known by the number, straight to the menu.
    const again = phone(p.mobile);
    expect((await again.dial()).Message).toMatch(/^ExpMed Health\n1 Book/);
    expect(await patientsWith(p.mobile)).toHaveLength(1);
  });
});

describe('a number that belongs to an account', () => {
  it('is that account: no name is asked and the booking is theirs', async () => {
    const user = await createTestUser();
    const p = phone();
    await setPatientContact(user.uid, { contactNumber: `+${p.mobile}`, phoneVerifiedAt: new Date().toISOString() });
    expect((await p.dial()).Message).toMatch(/^ExpMed Health\n1 Book/);
    await toConfirm(p);
    const cart = await p.say('1');
    expect(cart.Type).toBe('AddToCart');
    const [booked] = await appointmentsOf(user.uid);
    expect(booked).toMatchObject({ channel: 'USSD', visitMode: 'phone', requestedServiceId: 1 });
    expect(await patientsWith(p.mobile)).toHaveLength(1);
  });
});

describe('booking a phone consultation and paying in the session', () => {
  it('answers AddToCart with the server fee; the fulfilment, checked with the provider, makes it Paid once', async () => {
    const p = await newCaller();
    const { confirm } = await toConfirm(p);
    const cart = await p.say('1');
    expect(cart).toMatchObject({ Type: 'AddToCart', SessionId: p.sessionId });
    const [booked] = await appointmentsOf(p.patientId);
    expect(confirm.Message).toContain(`\nFee GHS ${Number(booked.consultationFee).toFixed(2)}\n`);
    expect(booked).toMatchObject({
      channel: 'USSD',
      visitMode: 'phone',
      paymentStatus: 'Unpaid',
      ussdCheckout: { sessionId: p.sessionId },
    });
    expect(cart.Item).toEqual({ ItemName: expect.stringContaining('Phone consultation'), Qty: 1, Price: booked.consultationFee });

    await approveInSandbox(p.sessionId, p.mobile, Number(booked.consultationFee));
    const first = await fulfil(p.sessionId);
    expect(first.status).toBe(200);
    expect(first.body.data.outcome).toBe('paid');
    const second = await fulfil(p.sessionId);
    expect(second.body.data.outcome).toBe('already-paid');
    const [paid] = await appointmentsOf(p.patientId);
    expect(paid.paymentStatus).toBe('Paid');
    const ledger = await db().collection(COLLECTIONS.payments).doc(String(booked.clientReference)).get();
    expect(ledger.data()).toMatchObject({ amount: booked.consultationFee, source: 'online' });
    // Confirmed back to the provider, each time.
    const { confirmations } = await sandboxSession(p.sessionId);
    expect(confirmations.map((c) => c.ServiceStatus)).toEqual(['success', 'success']);
    // The receipt went to the caller's phone.
    const texts = await eventually(
      () => smsSentTo(`+${p.mobile}`),
      (sms) => sms.some((m) => m.content.includes('received')),
    );
    expect(texts.some((m) => m.content.includes('received'))).toBe(true);
    // Its receipt names the code to dial to come back.
    const receipt = texts.find((m) => m.content.startsWith('ExpMed Health: Payment received'));
    expect(receipt?.content).toContain('Dial *713*4455# to see it.');
  });

  it('refuses a fulfilment without the gateway key (or with a wrong one), and changes nothing', async () => {
    const p = await newCaller();
    await toConfirm(p);
    await p.say('1');
    const [booked] = await appointmentsOf(p.patientId);
    await approveInSandbox(p.sessionId, p.mobile, Number(booked.consultationFee));
    for (const key of [null, 'not-the-key', `${KEY}x`]) {
      const res = await fulfil(p.sessionId, {}, key);
      expect(res.status).toBe(401);
      expect(res.body.msg).toBe('This request is not authorised.');
    }
    const [still] = await appointmentsOf(p.patientId);
    expect(still.paymentStatus).toBe('Unpaid');
    expect((await db().collection(COLLECTIONS.payments).doc(String(booked.clientReference)).get()).exists).toBe(false);
    expect((await sandboxSession(p.sessionId)).confirmations).toEqual([]);
  });

  it('keeps the booking and its hold when a declined prompt is not confirmed as paid: no payment known is not a decline', async () => {
    const p = await newCaller();
    const { time } = await toConfirm(p);
    const { data } = (await sessionDoc(p.sessionId))!;
    await p.say('1');
    const doctor = data.doctor as { id: string };
    const slot = db()
      .collection(COLLECTIONS.appointmentSlots)
      .doc(`${doctor.id}_${String(data.day)}_${time.replace(':', '')}`);
    expect((await slot.get()).exists).toBe(true);
    await declineInSandbox(p.sessionId, p.mobile);
    const declined = await fulfil(p.sessionId, {
      OrderInfo: { Status: 'Unpaid', Payment: { PaymentType: 'mobilemoney', AmountPaid: 0, IsSuccessful: false } },
    });
    expect(declined.status).toBe(200);
    expect(declined.body.data).toEqual({ outcome: 'not-paid' });
    // The prompt may still be approved: the booking lapses by its own hold, not by the hint.
    const [held] = await appointmentsOf(p.patientId);
    expect(held).toMatchObject({ appointmentStatus: 'Pending', paymentStatus: 'Unpaid' });
    expect((await slot.get()).exists).toBe(true);
    expect((await sandboxSession(p.sessionId)).confirmations.map((c) => c.ServiceStatus)).toEqual(['failed']);
    // Approved after all: the late payment settles like any other.
    await approveInSandbox(p.sessionId, p.mobile, Number(held.consultationFee));
    expect((await fulfil(p.sessionId)).body.data.outcome).toBe('paid');
    expect((await appointmentsOf(p.patientId))[0].paymentStatus).toBe('Paid');
  });

  it('settles nothing for a fulfilment the provider never saw (forged)', async () => {
    const p = await newCaller();
    await toConfirm(p);
    await p.say('1');
    const res = await fulfil(p.sessionId, {
      OrderInfo: { Status: 'Paid', Payment: { PaymentType: 'mobilemoney', AmountPaid: 999, IsSuccessful: true } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.outcome).toBe('not-paid');
    const [booked] = await appointmentsOf(p.patientId);
    expect(booked.paymentStatus).toBe('Unpaid');
    expect((await db().collection(COLLECTIONS.payments).doc(String(booked.clientReference)).get()).exists).toBe(false);
  });

  it('answers 404 to a fulfilment for a session it does not know, and changes nothing', async () => {
    const res = await fulfil(`unknown-${randomUUID()}`);
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('No USSD order with that SessionId.');
  });
});

describe('the network retries', () => {
  it('a repeated Sequence gets the same screen and books once, one after the other or at the same time', async () => {
    const p = await newCaller();
    await toConfirm(p);
    const [a, b] = await Promise.all([p.say('1'), p.again('1')]);
    const c = await p.again('1');
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(a.Type).toBe('AddToCart');
    expect(await appointmentsOf(p.patientId)).toHaveLength(1);
  });

  it('a repeated Sequence of a step that only reads gets the same screen too, at the same time', async () => {
    const p = await newCaller();
    const [a, b] = await Promise.all([p.say('1'), p.again('1')]);
    expect(b).toEqual(a);
    expect(a.Message).toContain('1 Phone consultation with a doctor');
    const doctors = await p.say('1');
    expect(doctors.Message).toContain('Choose a doctor');
  });

  it('compares Type without regard to case', async () => {
    const p = phone();
    expect((await p.send('INITIATION')).Message).toContain('type your first and last name');
    expect((await p.send('response', 'Ama Owusu')).Message).toContain('1 Book');
  });
});

describe('refusals are screens', () => {
  it('an unknown choice repeats the menu with a short hint', async () => {
    const p = await newCaller();
    const again = await p.say('9');
    expect(again.Type).toBe('response');
    expect(again.Message).toMatch(/^Please type a number from the list\.\nExpMed Health\n1 Book/);
  });

  it('a time taken since it was shown says so and offers the free ones', async () => {
    const p = await newCaller();
    const { time } = await toConfirm(p);
    const { data } = (await sessionDoc(p.sessionId))!;
    const doctor = data.doctor as { id: string };
    // Someone else takes that time meanwhile.
    await db()
      .collection(COLLECTIONS.appointmentSlots)
      .doc(`${doctor.id}_${String(data.day)}_${time.replace(':', '')}`)
      .create({ appointmentId: 'someone-else', patientId: 'someone-else', doctorId: doctor.id, day: data.day, time });
    const taken = await p.say('1');
    expect(taken.Type).toBe('response');
    expect(
      taken.Message.startsWith('That time was just taken.') || taken.Message.startsWith('That day has no free time now.'),
    ).toBe(true);
    expect(choices(taken)).not.toContain(time);
    expect(await appointmentsOf(p.patientId)).toHaveLength(0);
  });

  it('a session that times out mid-booking books nothing and holds nothing; the session is over', async () => {
    const p = await newCaller();
    const { time } = await toConfirm(p);
    const { data } = (await sessionDoc(p.sessionId))!;
    expect((await p.send('Timeout')).Type).toBe('release');
    expect(await appointmentsOf(p.patientId)).toHaveLength(0);
    const doctor = data.doctor as { id: string };
    const slot = await db()
      .collection(COLLECTIONS.appointmentSlots)
      .doc(`${doctor.id}_${String(data.day)}_${time.replace(':', '')}`)
      .get();
    expect(slot.exists).toBe(false);
    const late = await p.say('1');
    expect(late.Type).toBe('release');
    expect(late.Message).toContain('This session has ended');
    expect(await appointmentsOf(p.patientId)).toHaveLength(0);
  });

  it('a Response for a session never started says to dial again', async () => {
    const p = phone();
    const answer = await p.send('Response', '1', 2);
    expect(answer).toMatchObject({ Type: 'release', Message: expect.stringContaining('dial *713*4455# again') });
  });
});

describe('call me back', () => {
  let staff: TestUser;
  let doctor: TestUser;
  beforeAll(async () => {
    [staff, doctor] = await Promise.all([createStaffUser('staff'), createStaffUser('doctor', 'dr-mensah')]);
  });

  it('queues the request; the desk sees it, marks it tried (the person gets one SMS naming the code) and done; audited', async () => {
    const p = await newCaller();
    expect((await p.say('5')).Message).toContain('Why should we call you?');
    const queued = await p.say('2');
    expect(queued).toMatchObject({
      Type: 'release',
      Message: `Thank you. The clinic will call you on 0${p.mobile.slice(3)} as soon as it can.`,
    });

    const list = await request(api).get('/api/staff/callbacks').set(bearer(staff));
    expect(list.status).toBe(200);
    const mine = (list.body.data as { id: string; phone: string; name: string; reason: string; status: string }[]).find(
      (c) => c.phone === `+${p.mobile}`,
    );
    expect(mine).toMatchObject({ name: 'Kofi Asante', reason: 'A question about my care', status: 'Open', channel: 'USSD' });
    expect(
      await request(api)
        .get('/api/staff/callbacks')
        .set(bearer(doctor))
        .then((r) => r.status),
    ).toBe(403);

    const bad = await request(api).post(`/api/staff/callbacks/${mine!.id}`).set(bearer(staff)).send({ status: 'Tried' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('Outcome is required');

    const tried = await request(api)
      .post(`/api/staff/callbacks/${mine!.id}`)
      .set(bearer(staff))
      .send({ status: 'Tried', outcome: 'No answer' });
    expect(tried.status).toBe(200);
    expect(tried.body.data).toMatchObject({ status: 'Tried', outcome: 'No answer', by: { uid: staff.uid } });
    const sms = await eventually(
      () => smsSentTo(`+${p.mobile}`),
      (m) => m.length > 0,
    );
    expect(sms).toHaveLength(1);
    expect(sms[0].content).toContain('*713*4455#');
    expect(isGsm7(sms[0].content)).toBe(true);
    expect(septets(sms[0].content)).toBeLessThanOrEqual(160);

    const done = await request(api)
      .post(`/api/staff/callbacks/${mine!.id}`)
      .set(bearer(staff))
      .send({ status: 'Done', outcome: 'Booked a phone consultation for Friday' });
    expect(done.body.data.status).toBe('Done');
    const again = await request(api)
      .post(`/api/staff/callbacks/${mine!.id}`)
      .set(bearer(staff))
      .send({ status: 'Done', outcome: 'x' });
    expect(again.status).toBe(409);
    const audit = await auditOf(`callbacks/${mine!.id}`);
    expect(audit.map((e) => e.action).sort()).toEqual(['callback.done', 'callback.tried']);
    expect(audit[0].patientIds).toEqual([p.patientId]);
  });
});

describe('a returning patient: my next appointment', () => {
  it('shows what, when, with whom and Paid; cancelled more than 12 h ahead, the whole fee is a refund Due', async () => {
    const user = await createTestUser();
    const p = phone();
    await setPatientContact(user.uid, { contactNumber: `+${p.mobile}`, phoneVerifiedAt: new Date().toISOString() });
    expect((await p.dial()).Message).toMatch(/^ExpMed Health\n1 Book/);
    await p.say('1');
    const doctors = await p.say('1');
    const doctorName = choices(doctors)[0].replace(/ GHS .*$/, '');
    await p.say('1');
    // A day at least two days ahead, so the start is surely more than 12 hours away.
    const offered = (await sessionDoc(p.sessionId))!.data.days as string[];
    const later = offered.findIndex((day) => Date.parse(`${day}T00:00:00Z`) >= Date.now() + 2 * 86_400_000);
    expect(later).toBeGreaterThanOrEqual(0);
    const times = await p.say(String(later + 1));
    await p.say('1');
    expect(choices(times).length).toBeGreaterThan(0);
    expect((await p.say('1')).Type).toBe('AddToCart');
    const [booked] = await appointmentsOf(user.uid);
    await approveInSandbox(p.sessionId, p.mobile, Number(booked.consultationFee));
    expect((await fulfil(p.sessionId)).body.data.outcome).toBe('paid');

    const again = phone(p.mobile);
    await again.dial();
    const next = await again.say('2');
    expect(next.Message).toContain('Phone consultation\n');
    expect(next.Message).toContain(`\n${doctorName}\nPaid\n1 Cancel it\n0 Back`);
    const fee = Number(booked.consultationFee).toFixed(2);
    expect((await again.say('1')).Message).toBe(`Cancel this appointment? GHS ${fee} will be refunded.\n1 Yes, cancel\n0 No`);
    const done = await choosingPin(again, '1');
    expect(done).toMatchObject({
      Type: 'release',
      Message: `Cancelled. A refund of GHS ${fee} is due: the clinic will send it to your mobile money.`,
    });
    const [cancelled] = await appointmentsOf(user.uid);
    expect(cancelled).toMatchObject({ appointmentStatus: 'Cancelled', paymentStatus: 'Paid' });
    const refunds = await db().collection(COLLECTIONS.refunds).where('clientReference', '==', booked.clientReference).get();
    expect(refunds.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({ status: 'Due', amount: booked.consultationFee, patientId: user.uid }),
    ]);
    // Nothing is next any more.
    const after = phone(p.mobile);
    await after.dial();
    expect((await after.say('2')).Message).toContain('You have no upcoming appointment.');
  });
});

describe('a home visit', () => {
  it('is booked with a landmark and a GhanaPost code typed without dashes, stored in its one form', async () => {
    const p = await newCaller();
    await p.say('1');
    const days = await p.say('2');
    expect(days.Message).toContain('Choose a day');
    const { data } = (await sessionDoc(p.sessionId))!;
    const day = (data.days as string[])[0];
    expect((await p.say('1')).Message).toContain('Type a landmark near your home');
    expect((await p.say('Behind Osu Presby Church')).Message).toContain('GhanaPost address');
    expect((await p.say('GA12')).Message).toMatch(/^That is not a GhanaPost address\./);
    const confirm = await p.say('ga1838164');
    expect(confirm.Message).toContain('Near: Behind Osu Presby Church\nGA-183-8164\n1 Confirm');
    const booked = await p.say('1');
    expect(booked).toMatchObject({ Type: 'release', Message: expect.stringMatching(/^Booked: Doctor/) });
    const [stored] = await appointmentsOf(p.patientId);
    expect(stored).toMatchObject({
      channel: 'USSD',
      requestedServiceId: 2,
      requestedDay: day,
      address: { line: 'Behind Osu Presby Church', landmark: 'Behind Osu Presby Church', digitalAddress: 'GA-183-8164' },
    });
  });
});

describe('my package', () => {
  it('starts the free trial; a second start is refused as a screen; dialling again shows it with its days left', async () => {
    const p = await newCaller();
    const other = phone(p.mobile);
    await other.dial();
    expect((await p.say('3')).Message).toContain('You have no package.\n1 Start the free 30-day trial');
    expect((await other.say('3')).Message).toContain('1 Start the free 30-day trial');
    const started = await choosingPin(p, '1');
    expect(started).toMatchObject({ Type: 'release', Message: expect.stringMatching(/^Your free trial has started\./) });
    // The other session asks for the PIN the first one set.
    const refused = await withPin(other, '1');
    expect(refused).toMatchObject({
      Type: 'release',
      Message: expect.stringMatching(/^You already have the Individual Package/),
    });
    const subs = await db().collection(COLLECTIONS.subscriptions).where('patientId', '==', p.patientId).get();
    expect(subs.docs.map((d) => d.data())).toEqual([expect.objectContaining({ trial: true })]);
    const later = phone(p.mobile);
    await later.dial();
    expect((await later.say('3')).Message).toMatch(/^Individual Package: Trial, (29|30) days left\.\n1 Renew automatically/);
  });
});

describe('my package: automatic renewal by direct debit (docs/direct-debit.md)', () => {
  const mandateOf = async (patientId: string) => {
    const [sub] = (await db().collection(COLLECTIONS.subscriptions).where('patientId', '==', patientId).get()).docs;
    return (await db().collection(COLLECTIONS.mandates).doc(sub.id).get()).data();
  };
  /** A caller on `operator` with the free trial started over USSD (it renews at GHS 99.00). */
  async function trialCaller(operator: string) {
    const p = await newCaller(operator);
    await p.say('3');
    expect((await choosingPin(p, '1')).Message).toMatch(/^Your free trial has started\./);
    return p;
  }
  /** A new session of the same phone, at My package. */
  async function atPackage(mobile: string, operator: string) {
    const s = phone(mobile, operator);
    await s.dial();
    return { ...s, screen: await s.say('3') };
  }

  it('opts in on Telecel (OTP), the SMS code typed in a second session makes it Active, My package says when, and it stops', async () => {
    const p = await trialCaller('vodafone');
    const waiting = await atPackage(p.mobile, 'vodafone');
    const opt = await atPackage(p.mobile, 'vodafone');
    expect(opt.screen.Message).toMatch(/days left\.\n1 Renew automatically\n0 Back$/);
    const started = await withPin(opt, '1');
    expect(started).toMatchObject({
      Type: 'release',
      Message: 'We sent a code by SMS. Dial *713*4455# and choose 3 My package to type it.',
    });
    // The network's retry gets the same screen; a second opt-in (another session) is refused in words.
    expect(await opt.again(PIN)).toEqual(started);
    expect((await withPin(waiting, '1')).Message).toMatch(/^An approval is already waiting on 0\d\d \*\*\* \d{4}: approve it/);
    expect(await mandateOf(p.patientId)).toMatchObject({
      status: 'Pending',
      network: 'Telecel',
      msisdn: `+${p.mobile}`,
      verificationType: 'OTP',
    });
    const sms = await eventually(
      () => smsSentTo(`+${p.mobile}`),
      (m) => m.some((x) => /approval code/.test(x.content)),
    );
    const otp = /code is \w+-(\d{4})/.exec(sms.find((x) => /approval code/.test(x.content))!.content)![1];

    const approve = await atPackage(p.mobile, 'vodafone');
    expect(approve.screen.Message).toContain('days left.\nNot approved yet.\n1 Type the approval code\n2 Stop automatic renewal');
    expect((await withPin(approve, '1')).Message).toBe('Type the approval code from the SMS:');
    const wrong = String((Number(otp) + 1) % 10000).padStart(4, '0');
    expect((await approve.say(wrong)).Message).toBe(
      'That code is not right: check the SMS.\nType the approval code from the SMS:',
    );
    const on = await approve.say(otp);
    expect(on).toMatchObject({
      Type: 'release',
      Message: expect.stringMatching(/^Automatic renewal is on: renews on .+ for GHS 99\.00 from 0\d\d \*\*\* \d{4}\./),
    });
    expect(await mandateOf(p.patientId)).toMatchObject({ status: 'Active' });

    const stop = await atPackage(p.mobile, 'vodafone');
    expect(stop.screen.Message).toMatch(/days left\.\nRenews on .+ for GHS 99\.00\.\n1 Stop automatic renewal\n0 Back$/);
    expect((await withPin(stop, '1')).Message).toMatch(/^Stop automatic renewal\?/);
    expect(await stop.say('1')).toMatchObject({
      Type: 'release',
      Message: expect.stringMatching(/^Automatic renewal is stopped\./),
    });
    expect(await mandateOf(p.patientId)).toMatchObject({ status: 'Cancelled', endedBecause: 'patient' });
    expect((await atPackage(p.mobile, 'vodafone')).screen.Message).toContain('1 Renew automatically');
  });

  it('asks the network when the Operator names none it knows; MTN is approved by the prompt on the phone', async () => {
    const p = await trialCaller('glo');
    const opt = await atPackage(p.mobile, 'glo');
    expect((await withPin(opt, '1')).Message).toBe(
      'Which mobile money network is this number on?\n1 MTN\n2 Telecel\n3 AT\n0 Back',
    );
    expect((await opt.say('4')).Message).toMatch(/^Please type a number from the list\.\nWhich mobile money network/);
    expect(await opt.say('1')).toMatchObject({
      Type: 'release',
      Message: expect.stringMatching(/^Approve the prompt on your phone/),
    });
    expect(await mandateOf(p.patientId)).toMatchObject({ status: 'Pending', network: 'MTN', verificationType: 'USSD' });
  });
});

describe('checking a prescription code', () => {
  it('says an issued code is genuine, with the doctor and date and no medicines; an unknown code is not ours', async () => {
    const [patient, doctor] = await Promise.all([createTestUser(), createStaffUser('doctor', 'dr-mensah')]);
    const visit = await storedAppointment(patient.uid, 'CheckedIn', {
      ...startingIn(-10),
      requestedServiceId: 1,
      requestedService: 'Virtual Consultation (Telemedicine)',
      doctorId: 'dr-mensah',
      doctorSurName: 'Mensah',
    });
    const issued = await request(api)
      .post(`/api/staff/appointments/${visit.appointmentId}/prescriptions`)
      .set(bearer(doctor))
      .send({
        items: [
          {
            medicine: 'Amoxicillin',
            strength: '500 mg',
            dose: '1 capsule',
            frequency: '3 times a day',
            duration: '5 days',
            quantity: 15,
          },
        ],
      });
    expect(issued.status).toBe(201);
    const { code, prescriptionId } = issued.body.data as { code: string; prescriptionId: string };
    const stored = (await db().collection(COLLECTIONS.prescriptions).doc(prescriptionId).get()).data()!;

    const p = await newCaller();
    expect((await p.say('4')).Message).toBe('Type the prescription code:');
    const genuine = await p.say(`${code.slice(0, 5).toLowerCase()} ${code.slice(5)}`);
    expect(genuine.Type).toBe('release');
    expect(genuine.Message).toContain(`Prescription ${code} is genuine and not yet dispensed.`);
    expect(genuine.Message).toContain(String(stored.doctor));
    expect(genuine.Message).not.toContain('Amoxicillin');

    let unknown: string;
    do
      unknown = Array.from(
        { length: RX_CODE_LENGTH },
        () => RX_CODE_ALPHABET[Math.floor(Math.random() * RX_CODE_ALPHABET.length)],
      ).join('');
    while (unknown === code);
    const q = phone(p.mobile);
    await q.dial();
    await q.say('4');
    const notOurs = await q.say(unknown);
    expect(notOurs).toMatchObject({ Type: 'release', Message: expect.stringMatching(/^No prescription has this code\./) });
    expect(notOurs.Message).toContain('not a genuine ExpMed Health prescription');
  });
});

describe('cancelling late over USSD', () => {
  it('says what is kept; cancelled less than 12 h ahead, half the fee is a refund Due', async () => {
    const user = await createTestUser();
    const p = phone();
    await setPatientContact(user.uid, { contactNumber: `+${p.mobile}`, phoneVerifiedAt: new Date().toISOString() });
    await p.dial();
    await toConfirm(p);
    expect((await p.say('1')).Type).toBe('AddToCart');
    const [booked] = await appointmentsOf(user.uid);
    await approveInSandbox(p.sessionId, p.mobile, Number(booked.consultationFee));
    expect((await fulfil(p.sessionId)).body.data.outcome).toBe('paid');
    // The visit now starts in 3 hours (moved in the store, as time passing would).
    const start = new Date(Date.now() + 3 * 3_600_000).toISOString();
    await db()
      .collection(COLLECTIONS.appointments)
      .doc(booked.id)
      .update({ requestedDay: start.slice(0, 10), requestedTime: start.slice(11, 16) });

    const again = phone(p.mobile);
    await again.dial();
    expect((await again.say('2')).Message).toContain('Paid\n1 Cancel it');
    const fee = Number(booked.consultationFee);
    const half = Math.round(fee * 50) / 100;
    expect((await again.say('1')).Message).toBe(
      `Cancel this appointment? GHS ${half.toFixed(2)} is kept (late); GHS ${(fee - half).toFixed(2)} refunded.\n1 Yes, cancel\n0 No`,
    );
    expect((await choosingPin(again, '1')).Message).toBe(
      `Cancelled. A refund of GHS ${(fee - half).toFixed(2)} is due: the clinic will send it to your mobile money.`,
    );
    const refunds = await db().collection(COLLECTIONS.refunds).where('clientReference', '==', booked.clientReference).get();
    expect(refunds.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({ status: 'Due', reason: 'cancelled', amount: fee - half, patientId: user.uid }),
    ]);
  });
});

describe('a nurse at home', () => {
  it('is booked with a landmark and no GhanaPost address', async () => {
    const p = await newCaller();
    expect((await p.say('1')).Message).toContain('3 Nurse at home');
    expect((await p.say('3')).Message).toContain('Choose a day');
    const day = ((await sessionDoc(p.sessionId))!.data.days as string[])[0];
    expect((await p.say('1')).Message).toContain('Type a landmark near your home');
    expect((await p.say('Opposite Kotobabi Total filling station')).Message).toContain('GhanaPost address');
    const confirm = await p.say('0');
    expect(confirm.Message).toMatch(
      /^Nursing Home Care on .+\.\nNear: Opposite Kotobabi Total filling station\n1 Confirm\n0 Cancel$/,
    );
    expect(await p.say('1')).toMatchObject({ Type: 'release', Message: expect.stringMatching(/^Booked: Nursing Home Care on/) });
    const [stored] = await appointmentsOf(p.patientId);
    expect(stored).toMatchObject({
      channel: 'USSD',
      requestedServiceId: 3,
      requestedDay: day,
      requiresPayment: false,
      address: { line: 'Opposite Kotobabi Total filling station', landmark: 'Opposite Kotobabi Total filling station' },
    });
    expect((stored.address as Record<string, unknown>).digitalAddress).toBeUndefined();
  });
});

describe('a package allowance', () => {
  it('covers a phone consultation: the confirm screen says so, booked at once, nothing to pay, no checkout', async () => {
    const p = await newCaller();
    await p.say('3');
    expect((await choosingPin(p, '1')).Message).toMatch(/^Your free trial has started\./);
    const q = phone(p.mobile);
    await q.dial();
    const { confirm } = await toConfirm(q, { covered: true });
    expect(confirm.Message).not.toContain('Fee');
    const booked = await q.say('1');
    expect(booked).toMatchObject({
      Type: 'release',
      Message: expect.stringMatching(/^Booked: phone consultation with Dr .+\. Your package covers it\./),
    });
    const [stored] = await appointmentsOf(p.patientId);
    expect(stored).toMatchObject({
      channel: 'USSD',
      visitMode: 'phone',
      requiresPayment: false,
      paymentStatus: 'Not Applicable',
    });
    expect(stored.coveredBy).toEqual(expect.any(String));
    expect(stored.coverage).toEqual(expect.objectContaining({ packageTitle: 'Individual Package' }));
    expect(stored.ussdCheckout).toBeUndefined();
  });
});

describe('erasing an account', () => {
  it('erases its call-back requests and USSD sessions with it', async () => {
    const user = await createTestUser();
    const p = phone();
    await setPatientContact(user.uid, { contactNumber: `+${p.mobile}`, phoneVerifiedAt: new Date().toISOString() });
    await p.dial();
    await p.say('5');
    expect((await p.say('1')).Message).toContain('The clinic will call you');
    const callbacks = () => db().collection(COLLECTIONS.callbacks).where('phone', '==', `+${p.mobile}`).get();
    expect((await callbacks()).size).toBe(1);
    expect(await sessionDoc(p.sessionId)).toBeDefined();
    const erased = await request(api).delete(`/api/patient/${user.uid}`).set(bearer(user));
    expect(erased.status).toBe(200);
    expect((await callbacks()).size).toBe(0);
    expect(await sessionDoc(p.sessionId)).toBeUndefined();
  });
});

describe('what a doctor asked for', () => {
  /** An account that dials from its number, with a visit held by Dr Mensah (who may then prescribe and request tests). */
  async function patientWithVisit() {
    const [user, doctor] = await Promise.all([createTestUser(), createStaffUser('doctor', 'dr-mensah')]);
    const p = phone();
    await setPatientContact(user.uid, { contactNumber: `+${p.mobile}`, phoneVerifiedAt: new Date().toISOString() });
    const visit = await storedAppointment(user.uid, 'CheckedIn', {
      ...startingIn(-10),
      requestedServiceId: 1,
      requestedService: 'Virtual Consultation (Telemedicine)',
      doctorId: 'dr-mensah',
      doctorSurName: 'Mensah',
    });
    return { user, doctor, p, visit };
  }

  /** The doctor asks for a full blood count after the visit: the lab request's id. */
  async function labRequest(doctor: TestUser, visit: { appointmentId: string }) {
    const created = await request(api)
      .post(`/api/staff/appointments/${visit.appointmentId}/lab-requests`)
      .set(bearer(doctor))
      .send({ tests: ['fbc'] });
    expect(created.status).toBe(201);
    return (created.body.data as { labRequestId: string }).labRequestId;
  }

  it('lab tests: the request chosen, a day, the server fee paid by the USSD checkout; the request is booked', async () => {
    const { user, doctor, p, visit } = await patientWithVisit();
    const labRequestId = await labRequest(doctor, visit);
    await p.dial();
    expect((await p.say('1')).Message).toContain('4 Lab tests a doctor asked for');
    const requests = await p.say('4');
    expect(requests.Message).toMatch(/^Lab tests asked for:\n1 \d+ \w+: /);
    expect((await p.say('1')).Message).toBe(
      "Where should the samples be taken?\n1 At the clinic's lab\n2 Samples taken at home\n0 Back",
    );
    expect((await p.say('1')).Message).toContain('Choose a day');
    const day = ((await sessionDoc(p.sessionId))!.data.days as string[])[0];
    const confirm = await p.say('1');
    expect(confirm.Message).toMatch(/^Lab tests \(.+\) on .+, at the clinic's lab\.\nFee GHS \d+\.\d\d\n1 Confirm and pay/);
    const cart = await p.say('1');
    expect(cart.Type).toBe('AddToCart');
    const booked = (await appointmentsOf(user.uid)).find((a) => a.requestedServiceId === 6)!;
    expect(booked).toMatchObject({
      channel: 'USSD',
      requestedDay: day,
      labRequestId,
      paymentStatus: 'Unpaid',
      ussdCheckout: { sessionId: p.sessionId },
    });
    expect(cart.Item).toMatchObject({ Price: booked.consultationFee });
    const stored = (await db().collection(COLLECTIONS.labRequests).doc(labRequestId).get()).data();
    expect(stored).toMatchObject({ status: 'Booked', bookedAppointmentId: booked.id });
    // Dialling again, the request booked is no longer offered.
    const again = phone(p.mobile);
    await again.dial();
    await again.say('1');
    expect((await again.say('4')).Message).toMatch(/^No doctor has asked you for lab tests\./);
  });

  it("lab tests with the samples taken at home: a day with places, a landmark, paid by the checkout; on the home visits' sheet", async () => {
    const { user, doctor, p, visit } = await patientWithVisit();
    const labRequestId = await labRequest(doctor, visit);
    await p.dial();
    await p.say('1');
    await p.say('4');
    await p.say('1');
    expect((await p.say('2')).Message).toContain('Choose a day');
    const day = ((await sessionDoc(p.sessionId))!.data.days as string[])[0];
    expect((await p.say('1')).Message).toContain('Type a landmark near your home');
    expect((await p.say('Behind Madina Zongo mosque')).Message).toContain('GhanaPost address');
    const confirm = await p.say('gm 0123 4567');
    expect(confirm.Message).toMatch(
      /^Lab samples taken at home, .+\nNear: Behind Madina Zongo mosque\nGM-0123-4567\nFee GHS \d+\.\d\d\n1 Confirm and pay\n0 Cancel$/,
    );
    const cart = await p.say('1');
    expect(cart.Type).toBe('AddToCart');
    const booked = (await appointmentsOf(user.uid)).find((a) => a.requestedServiceId === 6)!;
    expect(booked).toMatchObject({
      channel: 'USSD',
      requestedServiceOption: 'SAMPLES_AT_HOME',
      requestedDay: day,
      labRequestId,
      address: { line: 'Behind Madina Zongo mosque', landmark: 'Behind Madina Zongo mosque', digitalAddress: 'GM-0123-4567' },
      paymentStatus: 'Unpaid',
      ussdCheckout: { sessionId: p.sessionId },
    });
    // The fee said is the server's, charged by the checkout.
    expect(confirm.Message).toContain(`Fee GHS ${Number(booked.consultationFee).toFixed(2)}\n`);
    expect(cart.Item).toMatchObject({ Price: booked.consultationFee });
    await approveInSandbox(p.sessionId, p.mobile, Number(booked.consultationFee));
    expect((await fulfil(p.sessionId)).body.data.outcome).toBe('paid');
    const paid = (await appointmentsOf(user.uid)).find((a) => a.id === booked.id)!;
    expect(paid.paymentStatus).toBe('Paid');
    expect((await db().collection(COLLECTIONS.labRequests).doc(labRequestId).get()).data()).toMatchObject({
      status: 'Booked',
      bookedAppointmentId: booked.id,
    });
    // It takes a place of the day's home collections, and is on the sheet of the day's home visits.
    const places = await db().collection(COLLECTIONS.capacityDays).doc(`6_${day}`).get();
    expect(places.get('appointmentIds')).toContain(booked.id);
    const desk = await createStaffUser('staff');
    const sheet = await request(api).get(`/api/staff/appointments/day-sheet.csv?day=${day}&homeVisits=true`).set(bearer(desk));
    expect(sheet.status).toBe(200);
    const line = sheet.text.split('\n').find((l) => l.includes(String(booked.clientReference)));
    expect(line).toContain('Behind Madina Zongo mosque');
  });

  it('medicine delivery: an issued prescription chosen, a day, a landmark; the prescription is ordered once', async () => {
    const { user, doctor, p, visit } = await patientWithVisit();
    const issued = await request(api)
      .post(`/api/staff/appointments/${visit.appointmentId}/prescriptions`)
      .set(bearer(doctor))
      .send({
        items: [
          {
            medicine: 'Paracetamol',
            strength: '500 mg',
            dose: '2 tablets',
            frequency: '3 times a day',
            duration: '3 days',
            quantity: 18,
          },
        ],
      });
    expect(issued.status).toBe(201);
    const { prescriptionId } = issued.body.data as { prescriptionId: string };
    await p.dial();
    await p.say('1');
    expect((await p.say('5')).Message).toMatch(/^Which prescription\?\n1 \d+ \w+ Dr /);
    expect((await p.say('1')).Message).toContain('Choose a day');
    expect((await p.say('1')).Message).toContain('Type a landmark near your home');
    await p.say('Blue gate after Mallam junction');
    expect((await p.say('0')).Message).toMatch(/^Medicine Delivery on .+\.\nNear: Blue gate after Mallam junction\n1 Confirm/);
    expect(await choosingPin(p, '1')).toMatchObject({
      Type: 'release',
      Message: expect.stringMatching(/^Booked: Medicine Delivery on/),
    });
    const delivery = (await appointmentsOf(user.uid)).find((a) => a.requestedServiceId === 7)!;
    expect(delivery).toMatchObject({
      channel: 'USSD',
      prescriptionId,
      address: expect.objectContaining({ landmark: 'Blue gate after Mallam junction' }),
    });
    const rx = (await db().collection(COLLECTIONS.prescriptions).doc(prescriptionId).get()).data();
    expect(rx?.deliveryAppointmentId).toBe(delivery.id);
    const again = phone(p.mobile);
    await again.dial();
    await again.say('1');
    expect((await again.say('5')).Message).toMatch(/^You have no prescription of ours to deliver\./);
  });
});

describe('cancelling an unpaid booking over USSD', () => {
  it('cancels with nothing to refund and frees the time', async () => {
    const p = await newCaller();
    await toConfirm(p);
    expect((await p.say('1')).Type).toBe('AddToCart');
    const [booked] = await appointmentsOf(p.patientId);
    const slot = doctorSlotRef(String(booked.doctorId), String(booked.requestedDay), String(booked.requestedTime));
    expect((await slot.get()).exists).toBe(true);

    const again = phone(p.mobile);
    await again.dial();
    const fee = Number(booked.consultationFee).toFixed(2);
    expect((await again.say('2')).Message).toContain(`\nNot paid (GHS ${fee})\n1 Cancel it\n0 Back`);
    expect((await again.say('1')).Message).toBe('Cancel this appointment?\n1 Yes, cancel\n0 No');
    expect(await choosingPin(again, '1')).toMatchObject({ Type: 'release', Message: 'Cancelled. Thank you for telling us.' });
    const [cancelled] = await appointmentsOf(p.patientId);
    expect(cancelled).toMatchObject({ appointmentStatus: 'Cancelled', paymentStatus: 'Unpaid' });
    const refunds = await db().collection(COLLECTIONS.refunds).where('clientReference', '==', booked.clientReference).get();
    expect(refunds.size).toBe(0);
    expect((await slot.get()).exists).toBe(false);
  });
});

describe('the free trial used before', () => {
  it('is refused as a screen in the service words once the trial has ended, and starts nothing', async () => {
    const p = await newCaller();
    await p.say('3');
    expect((await choosingPin(p, '1')).Message).toMatch(/^Your free trial has started\./);
    // The trial ended ten days ago (moved in the store, as time passing would).
    const subs = () => db().collection(COLLECTIONS.subscriptions).where('patientId', '==', p.patientId).get();
    const [trial] = (await subs()).docs;
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await trial.ref.update({ periodStart: ago(40), startDate: ago(40), periodEnd: ago(10), endDate: ago(10) });

    const again = phone(p.mobile);
    await again.dial();
    expect((await again.say('3')).Message).toContain('You have no package.\n1 Start the free 30-day trial');
    expect(await withPin(again, '1')).toMatchObject({
      Type: 'release',
      Message:
        'You have already used your free trial. Choose a package, or renew your trial package from your profile, to continue.',
    });
    expect((await subs()).size).toBe(1);
  });
});

describe('a prescription code no longer to be dispensed', () => {
  it('says a dispensed code was dispensed, and when; a cancelled one was cancelled; neither with its medicines', async () => {
    const [patient, doctor, desk] = await Promise.all([
      createTestUser(),
      createStaffUser('doctor', 'dr-mensah'),
      createStaffUser('staff'),
    ]);
    const visit = await storedAppointment(patient.uid, 'CheckedIn', {
      ...startingIn(-10),
      requestedServiceId: 1,
      requestedService: 'Virtual Consultation (Telemedicine)',
      doctorId: 'dr-mensah',
      doctorSurName: 'Mensah',
    });
    const issue = async () => {
      const issued = await request(api)
        .post(`/api/staff/appointments/${visit.appointmentId}/prescriptions`)
        .set(bearer(doctor))
        .send({
          items: [
            {
              medicine: 'Metformin',
              strength: '500 mg',
              dose: '1 tablet',
              frequency: 'twice a day',
              duration: '30 days',
              quantity: 60,
            },
          ],
        });
      expect(issued.status).toBe(201);
      return issued.body.data as { code: string; prescriptionId: string };
    };
    const [dispensed, cancelled] = [await issue(), await issue()];
    const marked = await request(api).post(`/api/staff/prescriptions/${dispensed.prescriptionId}/dispensed`).set(bearer(desk));
    expect(marked.status).toBe(200);
    // No route cancels one yet: the prescriber's cancellation as the store would hold it.
    await db().collection(COLLECTIONS.prescriptions).doc(cancelled.prescriptionId).update({ status: 'Cancelled' });

    const p = await newCaller();
    await p.say('4');
    const wasDispensed = await p.say(dispensed.code);
    expect(wasDispensed.Type).toBe('release');
    expect(wasDispensed.Message).toMatch(
      new RegExp(`^Prescription ${dispensed.code} was already dispensed on .+: do not dispense it again\\.\\n`),
    );
    const q = phone(p.mobile);
    await q.dial();
    await q.say('4');
    const wasCancelled = await q.say(cancelled.code);
    expect(wasCancelled.Message).toMatch(
      new RegExp(`^Prescription ${cancelled.code} was cancelled by the prescriber: do not dispense it\\.\\n`),
    );
    for (const screen of [wasDispensed, wasCancelled]) expect(screen.Message).not.toContain('Metformin');
  });
});
