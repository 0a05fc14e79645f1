import { logger } from 'firebase-functions';
import { formatDate } from '../../api/format';
import { initialsKey, type RxCheck, type RxDispenseRequest, type RxItems, type RxProof } from '../../api/record';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors';
import { slotsUsed, takeSlot } from '../../http/rate-limit';
import { prescriptionByCode, prescriptionRef, type StoredPrescription } from '../../store/prescriptions';
import { writeAudit } from '../../store/staff';
import { runTransaction } from '../../store/transaction';

/**
 * The pharmacy's side of a prescription (docs/record.md 'Checking a code'): whether a code is
 * ours (status, date, doctor), its medicines only with the patient's initials and year of
 * birth, and a one-time dispense the clinic audits. Every miss (no such code, or proof that
 * does not match) is counted: per client, and for everyone on the same channel together.
 */

const HOUR_MS = 3_600_000;

/** Misses one client may make an hour before /rx refuses it (a pharmacist mistypes a few). */
export const RX_MISSES_PER_HOUR = 20;

/**
 * Misses from everyone together an hour, per channel: past it that channel's checks are refused
 * until the hour turns, and an error is logged for the alerts. Each channel counts apart, so
 * callers switching numbers on USSD cannot switch the website's check off for pharmacies.
 */
export const rxMissBudget = { web: 500, ussd: 200 };

/**
 * Who checks a code: the channel, and the client on it (an address on the web, a number on
 * USSD); none when the address is a front end many share (then only the channel's budget counts).
 */
export interface RxCaller {
  channel: keyof typeof rxMissBudget;
  client?: string;
}

export const RX_TOO_MANY_MISSES =
  'Too many codes checked here did not match a prescription. Please wait an hour, or call the clinic to check this one.';

export const RX_BUSY =
  'Prescription checks are paused for a while because of many wrong codes. Please call the clinic to check this one.';

const NOT_OURS =
  'No prescription has this code. Check it and try again: a code we did not issue is not a genuine ExpMed Health prescription.';

const NO_MATCH =
  "The patient's initials and year of birth do not match this prescription. Check them against the prescription and the patient's card.";

const missKey = ({ channel, client }: RxCaller) => `rx-miss:${channel}:${client}`;
const allMisses = ({ channel }: RxCaller) => `rx-miss:all:${channel}`;

/** Before any lookup: a client, or its whole channel, past its misses gets 429 without the code being looked at. */
async function assertMayLook(client: RxCaller): Promise<void> {
  const [mine, all] = await Promise.all([
    client.client ? slotsUsed(missKey(client), HOUR_MS) : 0,
    slotsUsed(allMisses(client), HOUR_MS),
  ]);
  if (mine >= RX_MISSES_PER_HOUR) throw new HttpError(429, RX_TOO_MANY_MISSES);
  const budget = rxMissBudget[client.channel];
  if (all >= budget) {
    logger.error('rx miss budget spent: prescription codes are being guessed', {
      channel: client.channel,
      budgetPerHour: budget,
    });
    throw new HttpError(429, RX_BUSY);
  }
}

/** Counts one miss against the client and its channel; the error to answer with. */
async function miss(client: RxCaller, error: HttpError): Promise<HttpError> {
  const [mine] = await Promise.all([
    client.client ? takeSlot(missKey(client), RX_MISSES_PER_HOUR, HOUR_MS) : true,
    takeSlot(allMisses(client), rxMissBudget[client.channel], HOUR_MS),
  ]);
  return mine ? error : new HttpError(429, RX_TOO_MANY_MISSES);
}

async function found(client: RxCaller, code: string): Promise<StoredPrescription> {
  await assertMayLook(client);
  const p = await prescriptionByCode(code);
  if (!p) throw await miss(client, notFound(NOT_OURS));
  return p;
}

/** The year of birth on the prescription (as issued), if any. */
const birthYearOf = (p: StoredPrescription) => Number(p.patientDateOfBirth.slice(0, 4)) || undefined;

async function proved(client: RxCaller, code: string, proof: RxProof): Promise<StoredPrescription> {
  const p = await found(client, code);
  if (!birthYearOf(p))
    throw forbidden(
      'This prescription has no year of birth on record, so its medicines cannot be shown here. Please call the clinic to confirm them.',
    );
  const matches = initialsKey(proof.initials) === initialsKey(p.patientInitials) && proof.birthYear === birthYearOf(p);
  if (!matches) throw await miss(client, forbidden(NO_MATCH));
  return p;
}

const checkOf = (p: StoredPrescription): RxCheck => ({
  status: p.status,
  issuedAt: p.issuedAt,
  doctor: p.doctor,
  ...(p.dispensedAt ? { dispensedAt: p.dispensedAt } : {}),
});

/** What the answer says: only an Issued prescription is ever called genuine. */
export function rxVerdict(code: string, check: RxCheck): string {
  if (check.status === 'Issued') return `Prescription ${code} is genuine and not yet dispensed.`;
  if (check.status === 'Dispensed')
    return `Prescription ${code} was already dispensed${check.dispensedAt ? ` on ${formatDate(check.dispensedAt, { time: true })}` : ''}: do not dispense it again.`;
  return `Prescription ${code} was cancelled by the prescriber: do not dispense it.`;
}

/** GET /rx/{code}: status, date and doctor. */
export const checkRx = async (client: RxCaller, code: string): Promise<RxCheck> => checkOf(await found(client, code));

/** POST /rx/{code}/items: the medicines (without notes), once the initials and year of birth match. */
export async function rxItems(client: RxCaller, code: string, proof: RxProof): Promise<RxItems> {
  const p = await proved(client, code, proof);
  return {
    ...checkOf(p),
    items: p.items.map(({ medicine, strength, dose, frequency, duration, quantity }) => ({
      medicine,
      strength,
      dose,
      frequency,
      duration,
      quantity,
    })),
  };
}

/**
 * POST /rx/{code}/dispense: Issued -> Dispensed once, with the pharmacy's name, in one
 * transaction with its audit entry (actor 'pharmacy'); the clinic sees it in the audit log
 * under the patient. After it the code is never called genuine again.
 */
export async function dispenseRx(client: RxCaller, code: string, body: RxDispenseRequest): Promise<RxCheck> {
  const p = await proved(client, code, body);
  const ref = prescriptionRef(p.prescriptionId);
  return runTransaction(async (tx) => {
    const now = (await tx.get(ref)).data();
    if (!now) throw notFound(NOT_OURS);
    if (now.status !== 'Issued') throw conflict(rxVerdict(code, checkOf(now)));
    const dispensedAt = new Date();
    const dispensedBy = `pharmacy: ${body.pharmacy}`;
    tx.update(ref, { status: 'Dispensed', dispensedAt, dispensedBy });
    await writeAudit(
      {
        actorUid: 'pharmacy',
        actorRole: 'pharmacy',
        action: 'prescription.dispensed',
        target: ref.path,
        patientIds: [now.patientId],
        query: `pharmacy=${body.pharmacy}`,
      },
      tx,
    );
    return checkOf({ ...now, status: 'Dispensed', dispensedAt: dispensedAt.toISOString() });
  });
}
