import { randomBytes } from 'node:crypto';
import { isGuessablePin } from '../../../api/policy';
import { checkPhonePin, phonePinState, PIN_FORMAT, pinDigest, setPhonePin } from '../../patients/phone-pin';
import { HINT, screens } from '../screens';
import { end, input, showMain, type Caller, type Handler, type Reply, type State, type Step } from './common';

/**
 * The PIN in front of a change by phone (docs/ussd.md 'The PIN'). A step that would cancel, change
 * a package or a mandate, or send medicine to an address asks `needsPin` first; once the PIN is
 * right (or set now) the step is answered again with what was typed at it, and the rest of the
 * session needs no PIN. Nothing of the PIN is kept in the session but a salted digest between its
 * two typings.
 */

/** The change waiting for the PIN: the step, its data and what was typed at it. */
interface Waiting {
  then: Step;
  thenData: Record<string, unknown>;
  typed: string;
}

/** Answers a step as the menus do (menus/index.ts answerStep). */
export type Resume = (caller: Caller, state: State, typed: string) => Promise<Reply>;

/** Undefined when the caller may go on; else the PIN's screen (asked, chosen, or locked). */
export async function needsPin(caller: Caller, waiting: Waiting): Promise<Reply | undefined> {
  if (caller.pinProved) return undefined;
  const state = await phonePinState(caller.patientId!);
  if (state === 'locked') return end(screens.pinLocked());
  return state === 'none' ? input(screens.choosePin(), 'pinNew', { ...waiting }) : input(screens.askPin(), 'pin', { ...waiting });
}

const resumeWith = (resume: Resume, caller: Caller, data: Record<string, unknown>) => {
  caller.pinProved = true;
  const waiting = data as unknown as Waiting;
  return resume(caller, { step: waiting.then, data: waiting.thenData }, waiting.typed);
};

/** Only what a Waiting holds goes on to the next PIN screen. */
const waitingOf = (data: Record<string, unknown>): Record<string, unknown> => {
  const { then, thenData, typed } = data as unknown as Waiting;
  return { then, thenData, typed } satisfies Waiting;
};

export const pinSteps = (resume: Resume) =>
  ({
    pin: async (caller, typed, data) => {
      if (typed === '0') return showMain();
      if (!PIN_FORMAT.test(typed)) return input(screens.askPin(HINT.pin), 'pin', data);
      const check = await checkPhonePin(caller.patientId!, typed);
      if (check.result === 'right') return resumeWith(resume, caller, data);
      if (check.result === 'wrong') return input(screens.askPin(HINT.pinWrong(check.triesLeft)), 'pin', data);
      if (check.result === 'locked') return end(screens.pinLocked());
      return input(screens.choosePin(), 'pinNew', waitingOf(data));
    },

    pinNew: async (_caller, typed, data) => {
      if (typed === '0') return showMain();
      if (!PIN_FORMAT.test(typed)) return input(screens.choosePin(HINT.pin), 'pinNew', waitingOf(data));
      if (isGuessablePin(typed)) return input(screens.choosePin(HINT.pinGuessable), 'pinNew', waitingOf(data));
      const salt = randomBytes(16).toString('hex');
      return input(screens.repeatPin(), 'pinRepeat', { ...waitingOf(data), salt, digest: await pinDigest(typed, salt) });
    },

    pinRepeat: async (caller, typed, data) => {
      if (!PIN_FORMAT.test(typed) || (await pinDigest(typed, String(data.salt))) !== data.digest)
        return input(screens.choosePin(HINT.pinMismatch), 'pinNew', waitingOf(data));
      // Set meanwhile in another session: that PIN stands, and this one is asked for it.
      if (!(await setPhonePin(caller.patientId!, typed))) return input(screens.askPin(), 'pin', waitingOf(data));
      return resumeWith(resume, caller, data);
    },
  }) satisfies Partial<Record<Step, Handler>>;
