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
 * does not match) is counted: per client, and for everyone together.
 */

const HOUR_MS = 3_600_000;

/** Misses one client may make an hour before /rx refuses it (a pharmacist mistypes a few). */
export const RX_MISSES_PER_HOUR = 20;

/** Misses from everyone together an hour: past it /rx refuses everyone until the hour turns, and logs an error for the alerts. */
export const rxMissBudget = { perHour: 500 };

export const RX_TOO_MANY_MISSES =
  'Too many codes checked here did not match a prescription. Please wait an hour, or call the clinic to check this one.';

export const RX_BUSY =
  'Prescription checks are paused for a while because of many wrong codes. Please call the clinic to check this one.';

const NOT_OURS =
  'No prescription has this code. Check it and try again: a code we did not issue is not a genuine ExpMed Health prescription.';

const NO_MATCH =
  "The patient's initials and year of birth do not match this prescription. Check them against the prescription and the patient's card.";

const missKey = (client: string) => `rx-miss:${client}`;
const ALL_MISSES = 'rx-miss:all';

/** Before any lookup: a client, or everyone, past its misses gets 429 without the code being looked at. */
async function assertMayLook(client: string): Promise<void> {
  const [mine, all] = await Promise.all([slotsUsed(missKey(client), HOUR_MS), slotsUsed(ALL_MISSES, HOUR_MS)]);
  if (mine >= RX_MISSES_PER_HOUR) throw new HttpError(429, RX_TOO_MANY_MISSES);
  if (all >= rxMissBudget.perHour) {
    logger.error('rx miss budget spent: prescription codes are being guessed', { budgetPerHour: rxMissBudget.perHour });
    throw new HttpError(429, RX_BUSY);
  }
}

/** Counts one miss against the client and everyone; the error to answer with. */
async function miss(client: string, error: HttpError): Promise<HttpError> {
  const [mine] = await Promise.all([
    takeSlot(missKey(client), RX_MISSES_PER_HOUR, HOUR_MS),
    takeSlot(ALL_MISSES, rxMissBudget.perHour, HOUR_MS),
  ]);
  return mine ? error : new HttpError(429, RX_TOO_MANY_MISSES);
}

async function found(client: string, code: string): Promise<StoredPrescription> {
  await assertMayLook(client);
  const p = await prescriptionByCode(code);
  if (!p) throw await miss(client, notFound(NOT_OURS));
  return p;
}

/** The year of birth on the prescription (as issued), if any. */
const birthYearOf = (p: StoredPrescription) => Number(p.patientDateOfBirth.slice(0, 4)) || undefined;

async function proved(client: string, code: string, proof: RxProof): Promise<StoredPrescription> {
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
export const checkRx = async (client: string, code: string): Promise<RxCheck> => checkOf(await found(client, code));

/** POST /rx/{code}/items: the medicines (without notes), once the initials and year of birth match. */
export async function rxItems(client: string, code: string, proof: RxProof): Promise<RxItems> {
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
export async function dispenseRx(client: string, code: string, body: RxDispenseRequest): Promise<RxCheck> {
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
