import '../../test-support/payments';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createApp } from '../../app';
import { RX_CODE_ALPHABET, RX_CODE_LENGTH } from '../../api/record';
import { USSD_MAX_CHARS, type UssdResponse } from '../../api/ussd';
import { isGsm7, septets } from '../../notifications/sms-text';
import { seedCatalog } from '../../seed/seed';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createStaffUser, createTestUser, type TestUser } from '../../test-support/auth';
import { SANDBOX } from '../../test-support/payments';
import { bearer } from '../../test-support/scheduling';
import { eventually, freshPhone, setPatientContact, smsSentTo } from '../../test-support/sms';
import { auditOf, startingIn, storedAppointment } from '../../test-support/staff';
import { createUssdApp } from '../ussd';

/**
 * The USSD channel (docs/ussd.md) with Hubtel-shaped requests: the in-process `ussd` app, the
 * emulators, and the sandbox as the provider's status API and fulfilment callback.
 */
const ussd = createUssdApp();
const api = createApp();

/** One phone on the network: its number (233...), a session, and the Sequence it is at. */
function phone(mobile = freshPhone().slice(1)) {
  const sessionId = randomUUID().replaceAll('-', '');
  let sequence = 0;
  const send = async (Type: string, Message = '', Sequence = ++sequence): Promise<UssdResponse> => {
    const res = await request(ussd).post('/ussd').send({
      Type,
      Mobile: mobile,
      SessionId: sessionId,
      ServiceCode: '*713*4455#',
      Message,
      Operator: 'mtn',
      Sequence,
      ClientState: '',
      Platform: 'USSD',
    });
    expect(res.status).toBe(200);
    const answer = res.body as UssdResponse;
    // Every screen any test meets fits one USSD screen, in GSM-7.
    expect(isGsm7(answer.Message)).toBe(true);
    expect(septets(answer.Message)).toBeLessThanOrEqual(USSD_MAX_CHARS);
    return answer;
  };
  return {
    mobile,
    sessionId,
    dial: () => send('Initiation', '*713*4455#'),
    say: (text: string) => send('Response', text),
    /** The network's retry: the same Sequence again. */
    again: (text: string) => send('Response', text, sequence),
    send,
  };
}

/** The numbered choices a screen offers: '1 Dr Mensah GHS 150.00' -> ['Dr Mensah GHS 150.00', ...]. */
const choices = (screen: UssdResponse) =>
  screen.Message.split('\n')
    .map((line) => /^([1-9]) (.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => m[2]);

const pick = (screen: UssdResponse) => String(1 + Math.floor(Math.random() * choices(screen).length));

const appointmentsOf = async (patientId: string) =>
  (await db().collection(COLLECTIONS.appointments).where('patientId', '==', patientId).get()).docs.map((d) => ({
    id: d.id,
    ...d.data(),
  })) as { id: string; [field: string]: unknown }[];

const patientsWith = async (mobile: string) =>
  (await db().collection(COLLECTIONS.patients).where('contactNumber', '==', `+${mobile}`).get()).docs.map((d) => ({
    id: d.id,
    ...d.data(),
  })) as { id: string; [field: string]: unknown }[];

const sessionDoc = async (sessionId: string) => (await db().collection(COLLECTIONS.ussdSessions).doc(sessionId).get()).data();

/** A new caller gives their name: they become a clinic record with source USSD. */
async function newCaller() {
  const p = phone();
  const first = await p.dial();
  expect(first.Message).toContain('type your first and last name');
  const menu = await p.say('Kofi Asante');
  expect(menu.Message).toContain('1 Book');
  const [record] = await patientsWith(p.mobile);
  return { ...p, patientId: record.id };
}

/** From the main menu to the confirm screen of a phone consultation, with random choices. */
async function toConfirm(p: ReturnType<typeof phone>) {
  expect((await p.say('1')).Message).toContain('1 Phone consultation with a doctor');
  const doctors = await p.say('1');
  expect(doctors.Message).toContain('Choose a doctor');
  const days = await p.say(pick(doctors));
  expect(days.Message).toContain('Choose a day');
  const times = await p.say(pick(days));
  expect(times.Message).toContain('choose a time');
  const time = pick(times);
  const confirm = await p.say(time);
  expect(confirm.Message).toContain('1 Confirm and pay');
  return { confirm, time: choices(times)[Number(time) - 1], times };
}

const fulfil = (sessionId: string, body: Record<string, unknown> = {}) =>
  request(ussd)
    .post('/ussd/fulfilment')
    .send({
      SessionId: sessionId,
      OrderId: randomUUID().replaceAll('-', ''),
      ExtraData: {},
      OrderInfo: { Status: 'Paid', Payment: { PaymentType: 'mobilemoney', AmountPaid: 1, IsSuccessful: true } },
      ...body,
    });

/** The sandbox: the person approved the mobile-money prompt (the status API answers Paid for the session). */
async function approveInSandbox(sessionId: string, mobile: string, amount: number) {
  const res = await fetch(`${SANDBOX}/__control/ussd/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ mobile, amount, send: false }),
  });
  expect(res.status).toBe(200);
}

const sandboxSession = async (sessionId: string) =>
  (await (await fetch(`${SANDBOX}/__control/ussd/${sessionId}`)).json()) as { confirmations: { ServiceStatus: string }[] };

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
    await setPatientContact(user.uid, { contactNumber: `+${p.mobile}` });
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
    await toConfirm(p);
    const cart = await p.say('1');
    expect(cart).toMatchObject({ Type: 'AddToCart', SessionId: p.sessionId });
    const [booked] = await appointmentsOf(p.patientId);
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
    await setPatientContact(user.uid, { contactNumber: `+${p.mobile}` });
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
    const done = await again.say('1');
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
    const started = await p.say('1');
    expect(started).toMatchObject({ Type: 'release', Message: expect.stringMatching(/^Your free trial has started\./) });
    const refused = await other.say('1');
    expect(refused).toMatchObject({
      Type: 'release',
      Message: expect.stringMatching(/^You already have the Individual Package/),
    });
    const subs = await db().collection(COLLECTIONS.subscriptions).where('patientId', '==', p.patientId).get();
    expect(subs.docs.map((d) => d.data())).toEqual([expect.objectContaining({ trial: true })]);
    const later = phone(p.mobile);
    await later.dial();
    expect((await later.say('3')).Message).toMatch(/^Individual Package: Trial, (29|30) days left\.\n1 Renew/);
    expect((await later.say('1')).Message).toContain('coming soon');
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
