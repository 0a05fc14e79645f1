import { FieldValue, Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { USSD_MAX_CHARS, type UssdFulfilment, type UssdRequest, type UssdResponse } from '../../api/ussd';
import { ussdConfig } from '../../config';
import { USSD_DIALS_PER_NUMBER_PER_HOUR, ussdRequestBudget } from '../../api/policy';
import { takeSlot } from '../../http/rate-limit';
import { badRequest, notFound } from '../../http/errors';
import { ghanaPhone, isGsm7, septets, toGsm7 } from '../../notifications/sms-text';
import { withoutWaitingForSends } from '../../notifications/send-soon';
import { confirmUssdService } from '../../provider/provider';
import { hasCode } from '../../store/error-codes';
import { sessionExpiry, ussdSessionRef, type UssdSession } from '../../store/ussd';
import { findPayable } from '../payments/payable';
import { confirmWithProvider, type MarkPaidOutcome } from '../payments/settlement';
import { networkOfOperator, patientOfNumber } from './caller';
import { answerStep, firstScreen, type Caller, type Reply, type State, type Step } from './menus/index';
import { screens } from './screens';

/**
 * One USSD session (docs/ussd.md): ussdSessions/{SessionId} holds the step and what was chosen,
 * and the last screen with its Sequence. The network retries a request it got no answer to
 * with the same Sequence: that gets the same screen again and is never acted on twice. A retry
 * that arrives while the first is still being answered waits for that answer.
 */

const LABEL = 'ExpMed Health';
/** A Sequence being answered for longer than this was lost (a crash): a retry answers it afresh. */
const WORKING_LEASE_MS = 10_000;
/** How long a retry waits for the first request's answer (the network gives up at 5 s). */
const RETRY_WAIT_MS = 3_500;

const releaseOf = (sessionId: string, text: string): UssdResponse => ({
  SessionId: sessionId,
  Type: 'release',
  Message: text,
  Label: LABEL,
  DataType: 'display',
  FieldType: 'text',
});

/** A screen as the network shows it: GSM-7, at most 182 characters (the screen test keeps every text under it). */
function fitted(text: string): string {
  const plain = isGsm7(text) ? text : toGsm7(text);
  if (septets(plain) <= USSD_MAX_CHARS) return plain;
  logger.error('ussd screen too long', { text });
  return plain.slice(0, USSD_MAX_CHARS);
}

function responseOf(sessionId: string, reply: Reply): UssdResponse {
  const base = { SessionId: sessionId, Message: fitted(reply.text), Label: LABEL, FieldType: 'text' as const };
  switch (reply.kind) {
    case 'menu':
      return { ...base, Type: 'response', DataType: 'menu' };
    case 'input':
      return { ...base, Type: 'response', DataType: 'input' };
    case 'cart':
      return { ...base, Type: 'AddToCart', DataType: 'display', Item: reply.item };
    case 'end':
      return { ...base, Type: 'release', DataType: 'display' };
  }
}

/**
 * Steps whose answer changes something (a record, a booking, a cancellation, a trial, a
 * call-back, a code's misses counted): a retry that arrives meanwhile waits for that answer and
 * never acts again. The other steps only read: they are answered without a mark, and of two
 * answers to one Sequence the first stored wins (the other is told by the stored session's
 * update time), so a step costs one read and one write.
 */
const ACTING_STEPS: ReadonlySet<string> = new Set<Step>([
  'name',
  'confirm',
  'homeConfirm',
  'labConfirm',
  'cancel',
  'package',
  'renewNetwork',
  'approvalCode',
  'stopRenewal',
  'rx',
  'callback',
  'pin',
  'pinRepeat',
]);

type Claim =
  | { kind: 'replay'; answer: UssdResponse }
  | { kind: 'wait' }
  | { kind: 'unknown' }
  /** marked: this request holds the working mark; else `read` is the session's update time when read. */
  | { kind: 'work'; session?: UssdSession; marked: boolean; read?: Timestamp };

/** Takes this Sequence for answering, or says it was answered (or is being answered) already. */
async function claimSequence(sessionId: string, mobile: string, sequence: number): Promise<Claim> {
  const ref = ussdSessionRef(sessionId);
  for (let attempt = 1; ; attempt++) {
    const snap = await ref.get();
    const session = snap.data() as UssdSession | undefined;
    if (session) {
      if (session.mobile !== mobile) return { kind: 'unknown' };
      if (session.lastAnswer && sequence <= session.lastSequence) return { kind: 'replay', answer: session.lastAnswer };
      if (session.endedAs) return { kind: 'unknown' };
      const since = session.workingAt?.toMillis() ?? 0;
      if (session.working === sequence && Date.now() - since < WORKING_LEASE_MS) return { kind: 'wait' };
    } else return { kind: 'unknown' };
    if (!session || !ACTING_STEPS.has(session.step)) return { kind: 'work', session, marked: false, read: snap.updateTime };
    try {
      // The mark, only if nobody wrote the session since it was read (a retry marking it first).
      await ref.update({ working: sequence, workingAt: Timestamp.now() }, { lastUpdateTime: snap.updateTime! });
      return { kind: 'work', session, marked: true };
    } catch (err) {
      if (!hasCode(err, 'FAILED_PRECONDITION') || attempt >= 3) throw err;
    }
  }
}

/**
 * Stores the answer as the session's last. A marked Sequence writes it; an unmarked one only if
 * the session is as it was read (created now, or unchanged): otherwise a retry answered first,
 * and its stored answer is the one given (the same screen, whatever this one computed).
 */
async function storeAnswer(sessionId: string, claim: Extract<Claim, { kind: 'work' }>, stored: DocumentData, sequence: number) {
  const ref = ussdSessionRef(sessionId);
  const answer = stored.lastAnswer as UssdResponse;
  try {
    if (claim.marked) await ref.set(stored);
    else if (!claim.session) await ref.create(stored);
    else
      await ref.update(
        { ...stored, working: FieldValue.delete(), workingAt: FieldValue.delete() },
        { lastUpdateTime: claim.read! },
      );
    return answer;
  } catch (err) {
    if (!hasCode(err, 'ALREADY_EXISTS') && !hasCode(err, 'FAILED_PRECONDITION')) throw err;
    const now = (await ref.get()).data() as UssdSession | undefined;
    if (!now || now.mobile !== stored.mobile) return releaseOf(sessionId, screens.ended(ussdConfig().shortcode));
    return now.lastAnswer && now.lastSequence >= sequence ? now.lastAnswer : releaseOf(sessionId, screens.busy());
  }
}

/** A retry of a Sequence still being answered: the first one's answer, once it is stored. */
async function answerOfFirst(sessionId: string, sequence: number): Promise<UssdResponse | undefined> {
  const until = Date.now() + RETRY_WAIT_MS;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const session = (await ussdSessionRef(sessionId).get()).data() as UssdSession | undefined;
    if (session?.lastAnswer && session.lastSequence >= sequence) return session.lastAnswer;
  }
  return undefined;
}

const HOUR_MS = 3_600_000;

/**
 * The channel's limits (docs/ussd.md 'Limits'): dials per number an hour, and requests from
 * everyone a minute (so no flood, even through the gateway, can keep the instances busy). Counted
 * in Firestore like every limit, by a hash of the number. Over either: a screen, nothing stored.
 */
async function withinLimits(mobile: string, dial: boolean): Promise<'yes' | 'number' | 'all'> {
  const [mine, all] = await Promise.all([
    dial ? takeSlot(`ussd-dial:${mobile}`, USSD_DIALS_PER_NUMBER_PER_HOUR, HOUR_MS) : true,
    takeSlot('ussd-requests', ussdRequestBudget.perMinute, 60_000),
  ]);
  if (!all) logger.warn('route budget spent', { route: 'ussd', budgetPerMinute: ussdRequestBudget.perMinute });
  return !all ? 'all' : mine ? 'yes' : 'number';
}

/** Plain data for Firestore: no undefined fields (it refuses them). */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * POST /ussd: the network's request answered with the next screen. Initiation shows the main
 * menu (or asks a new number's name); Response answers the step; Release and Timeout end the
 * session (nothing is booked before the person confirms, so a session that ends early leaves
 * no booking and no hold). An unknown or ended session says to dial again.
 */
export async function answerUssd(req: UssdRequest): Promise<UssdResponse> {
  const sessionId = typeof req.SessionId === 'string' ? req.SessionId.trim() : '';
  if (!sessionId || sessionId.length > 128) throw badRequest('SessionId is required (at most 128 characters).');
  const mobile = ghanaPhone(String(req.Mobile ?? ''));
  if (!mobile) throw badRequest('Mobile must be a Ghana number: 233XXXXXXXXX.');
  const sequence = Number(req.Sequence);
  if (!Number.isInteger(sequence) || sequence < 1) throw badRequest('Sequence must be a whole number from 1.');
  const type = String(req.Type ?? '').toLowerCase();
  const { shortcode } = ussdConfig();
  const ref = ussdSessionRef(sessionId);

  if (type === 'release' || type === 'timeout') {
    const session = (await ref.get()).data() as UssdSession | undefined;
    if (session && session.mobile === mobile && !session.endedAs) await ref.update({ endedAs: type });
    return releaseOf(sessionId, screens.goodbye());
  }
  if (type !== 'initiation' && type !== 'response') throw badRequest('Type must be Initiation, Response, Release or Timeout.');

  // A dial starts a new session: it asks only who the number is, and creates the session with its
  // answer without reading it first (a retry of the dial finds it created and gets its screen,
  // storeAnswer). A step reads the session, which holds who the caller is from the dial on.
  const dial = type === 'initiation';
  const [claim, holder, within] = await Promise.all([
    dial ? ({ kind: 'work', marked: false } as Claim) : claimSequence(sessionId, mobile, sequence),
    dial ? patientOfNumber(mobile) : undefined,
    withinLimits(mobile, dial),
  ]);
  if (within !== 'yes') {
    if (claim.kind === 'work' && claim.marked) await ref.update({ working: null }).catch(() => undefined);
    return releaseOf(sessionId, within === 'number' ? screens.tooManyDials() : screens.busy());
  }
  if (claim.kind === 'replay') return claim.answer;
  if (claim.kind === 'unknown') return releaseOf(sessionId, screens.ended(shortcode));
  if (claim.kind === 'wait') return (await answerOfFirst(sessionId, sequence)) ?? releaseOf(sessionId, screens.busy());

  const { session } = claim;
  const caller: Caller = {
    mobile,
    // Who the number is was asked at the dial; a session that has no record yet is a new caller.
    patientId: session ? session.patientId : holder?.patientId,
    details: session ? session.details : holder?.details,
    shortcode,
    sessionId,
    network: networkOfOperator(req.Operator),
    pinProved: session?.pinProved === true,
  };
  let reply: Reply;
  try {
    // The answer does not wait for the SMS and mails it queues (the receipt, the booking): they go on after it.
    reply = await withoutWaitingForSends(() =>
      type === 'initiation' || !session || session.lastSequence === 0
        ? firstScreen(caller)
        : answerStep(caller, { step: session.step, data: session.data } as State, String(req.Message ?? '')),
    );
  } catch (err) {
    // The person sees a screen, never an error; a retry of this Sequence may try again.
    logger.error('ussd answer failed', { sessionId, error: String(err) });
    if (claim.marked) await ref.update({ working: null }).catch(() => undefined);
    return releaseOf(sessionId, screens.busy());
  }
  const answer = responseOf(sessionId, reply);
  const ends = reply.kind === 'end' || reply.kind === 'cart';
  return storeAnswer(
    sessionId,
    claim,
    {
      ...plain({
        mobile,
        ...(caller.patientId ? { patientId: caller.patientId } : {}),
        ...(caller.details ? { details: caller.details } : {}),
        ...(caller.pinProved ? { pinProved: true } : {}),
        step: reply.next.step,
        data: reply.next.data,
        lastSequence: sequence,
        lastAnswer: answer,
        ...(ends ? { endedAs: 'release' } : {}),
      }),
      expireAt: sessionExpiry(),
    },
    sequence,
  );
}

/** The provider says the mobile-money payment failed (declined, timed out, no funds). */
const paymentFailed = (body: UssdFulfilment) =>
  body?.OrderInfo?.Status !== 'Paid' || body?.OrderInfo?.Payment?.IsSuccessful === false;

/**
 * POST /ussd/{key}/fulfilment: the provider says a USSD checkout ended. Like every callback it is
 * a hint, success or failure (docs/ussd.md): the session's order is checked with the status API
 * and settled through markPaid, then the provider is told the service was given (or not). Twice
 * is harmless (already-paid); a fulfilment the provider never saw settles nothing. A failed
 * prompt the status API does not confirm as paid changes nothing either: "no payment known" is
 * not "declined" (a prompt may still be approved), so the booking keeps its hold until it lapses,
 * and a payment that arrives meanwhile settles like any late one.
 */
export async function fulfilUssdOrder(body: UssdFulfilment): Promise<{ outcome: MarkPaidOutcome }> {
  const sessionId = typeof body?.SessionId === 'string' ? body.SessionId : '';
  const session = sessionId ? ((await ussdSessionRef(sessionId).get()).data() as UssdSession | undefined) : undefined;
  const clientReference = session?.data?.clientReference;
  const payable = typeof clientReference === 'string' ? await findPayable(clientReference) : undefined;
  if (!payable) throw notFound('No USSD order with that SessionId.');
  const outcome = await confirmWithProvider(payable);
  const served = outcome === 'paid' || outcome === 'already-paid';
  if (!served && !paymentFailed(body)) {
    // The provider says paid, its status API does not (yet): it retries, the re-check asks again.
    logger.warn('ussd fulfilment the provider does not confirm', { sessionId, clientReference, outcome });
    return { outcome };
  }
  await confirmUssdService(ussdConfig().fulfilmentCallbackUrl, {
    SessionId: sessionId,
    OrderId: String(body.OrderId ?? ''),
    ServiceStatus: served ? 'success' : 'failed',
    MetaData: null,
  }).catch((err: unknown) => logger.error('ussd fulfilment not confirmed to the provider', { sessionId, error: String(err) }));
  return { outcome };
}
