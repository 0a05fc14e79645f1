import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { USSD_MAX_CHARS, type UssdResponse } from '../api/ussd';
import { isGsm7, septets } from '../notifications/sms-text';
import { createUssdApp } from '../routes/ussd';
import { COLLECTIONS } from '../store/collections';
import { db } from '../store/firebase';
import { SANDBOX } from './payments';
import { freshPhone } from './sms';

/**
 * For USSD tests (docs/ussd.md): phones on the network sending Hubtel-shaped requests to the
 * in-process `ussd` app with the gateway's key, the provider's fulfilment, and the sandbox's
 * mobile-money prompt. The sandbox is the provider's stand-in, not a mock.
 */
export const ussd = createUssdApp();

/** The gateway's key, as the URLs registered with Hubtel carry it (functions/.secret.local). */
export const KEY = process.env.USSD_GATEWAY_KEY as string;

/** One phone on the network: its number (233...), its operator as Hubtel names it, a session, and the Sequence it is at. */
export function phone(mobile = freshPhone().slice(1), operator = 'mtn', sessionId = randomUUID().replaceAll('-', '')) {
  let sequence = 0;
  const send = async (Type: string, Message = '', Sequence = ++sequence): Promise<UssdResponse> => {
    const res = await request(ussd).post(`/ussd/${KEY}`).send({
      Type,
      Mobile: mobile,
      SessionId: sessionId,
      ServiceCode: '*713*4455#',
      Message,
      Operator: operator,
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
export const choices = (screen: UssdResponse) =>
  screen.Message.split('\n')
    .map((line) => /^([1-9]) (.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => m[2]);

export const pick = (screen: UssdResponse) => String(1 + Math.floor(Math.random() * choices(screen).length));

export const appointmentsOf = async (patientId: string) =>
  (await db().collection(COLLECTIONS.appointments).where('patientId', '==', patientId).get()).docs.map((d) => ({
    id: d.id,
    ...d.data(),
  })) as { id: string; [field: string]: unknown }[];

export const patientsWith = async (mobile: string) =>
  (await db().collection(COLLECTIONS.patients).where('contactNumber', '==', `+${mobile}`).get()).docs.map((d) => ({
    id: d.id,
    ...d.data(),
  })) as { id: string; [field: string]: unknown }[];

export const sessionDoc = async (sessionId: string) =>
  (await db().collection(COLLECTIONS.ussdSessions).doc(sessionId).get()).data();

/** A new caller gives their name: they become a clinic record with source USSD. */
export async function newCaller(operator?: string) {
  const p = phone(undefined, operator);
  const first = await p.dial();
  expect(first.Message).toContain('type your first and last name');
  const menu = await p.say('Kofi Asante');
  expect(menu.Message).toContain('1 Book');
  const [record] = await patientsWith(p.mobile);
  return { ...p, patientId: record.id };
}

/**
 * From the main menu to the confirm screen of a phone consultation, with random choices; the
 * screen says the fee to pay, or that the caller's package covers it (`covered`).
 */
export async function toConfirm(p: ReturnType<typeof phone>, { covered = false } = {}) {
  expect((await p.say('1')).Message).toContain('1 Phone consultation with a doctor');
  const doctors = await p.say('1');
  expect(doctors.Message).toContain('Choose a doctor');
  const days = await p.say(pick(doctors));
  expect(days.Message).toContain('Choose a day');
  const times = await p.say(pick(days));
  expect(times.Message).toContain('choose a time');
  const time = pick(times);
  const confirm = await p.say(time);
  expect(confirm.Message).toMatch(
    covered ? /\nCovered by your package\.\n1 Confirm\n0 Cancel$/ : /\nFee GHS \d+\.\d\d\n1 Confirm and pay\n0 Cancel$/,
  );
  return { confirm, time: choices(times)[Number(time) - 1], times };
}

/** The PIN the tests' callers choose for changes by phone (docs/ussd.md 'The PIN'). */
export const PIN = '7392';

/** A caller's first change by phone: it asks for a new PIN, typed twice; then the change goes on (its screen). */
export async function choosingPin(p: ReturnType<typeof phone>, typed: string) {
  expect((await p.say(typed)).Message).toContain('choose a 4-digit PIN');
  expect((await p.say(PIN)).Message).toBe('Type the same PIN again:');
  return p.say(PIN);
}

/** A later change by phone asks for the PIN: the change's screen once it is typed. */
export async function withPin(p: ReturnType<typeof phone>, typed: string) {
  expect((await p.say(typed)).Message).toMatch(/^Type your 4-digit PIN/);
  return p.say(PIN);
}

/** The provider's fulfilment to the Service Fulfilment URL registered with it (which carries the gateway key). */
export const fulfil = (sessionId: string, body: Record<string, unknown> = {}, key: string | null = KEY) =>
  request(ussd)
    .post(key === null ? '/ussd/fulfilment' : `/ussd/${encodeURIComponent(key)}/fulfilment`)
    .send({
      SessionId: sessionId,
      OrderId: randomUUID().replaceAll('-', ''),
      ExtraData: {},
      OrderInfo: { Status: 'Paid', Payment: { PaymentType: 'mobilemoney', AmountPaid: 1, IsSuccessful: true } },
      ...body,
    });

/** The sandbox: the person approved the mobile-money prompt (the status API answers Paid for the session). */
export async function approveInSandbox(sessionId: string, mobile: string, amount: number) {
  const res = await fetch(`${SANDBOX}/__control/ussd/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ mobile, amount, send: false }),
  });
  expect(res.status).toBe(200);
}

/** The sandbox: the person declined the prompt (the status API knows no payment for the session). */
export async function declineInSandbox(sessionId: string, mobile: string) {
  const res = await fetch(`${SANDBOX}/__control/ussd/${sessionId}/decline`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ mobile, send: false }),
  });
  expect(res.status).toBe(200);
}

export const sandboxSession = async (sessionId: string) =>
  (await (await fetch(`${SANDBOX}/__control/ussd/${sessionId}`)).json()) as { confirmations: { ServiceStatus: string }[] };
