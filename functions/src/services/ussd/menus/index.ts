import { cleanText } from '../../../api/clean-text';
import { createUssdPatient } from '../caller';
import { HINT, screens, short } from '../screens';
import { bookSteps } from './book';
import { callbackSteps } from './callback';
import { input, menu, showMain, type Caller, type Handler, type Reply, type State, type Step } from './common';
import { nextSteps, showNext } from './next';
import { packageSteps, showPackage } from './package';
import { pinSteps } from './pin';
import { rxSteps } from './rx';

export type { Caller, Reply, State, Step } from './common';

/**
 * The USSD menus as a state machine (docs/ussd.md draws the tree): each step shows a screen
 * and reads the next thing typed. What the caller was offered (doctors, days, times) is kept
 * in the session's data, so "2" means what screen showed as 2 even if the list changed since.
 * Refusals are screens: a choice not on the list shows the same screen with a hint; a day
 * closed or a time taken meanwhile says so and offers what is free now.
 */

// --- the steps: what each does with what was typed ---

const STEPS: Record<Step, Handler> = {
  name: async (caller, typed) => {
    const words = short(cleanText(typed), 80).split(/\s+/).filter(Boolean);
    if (words.length < 2 || !words.every((w) => /^[A-Za-z'.-]{1,40}$/.test(w))) return input(screens.askName(HINT.name), 'name');
    const [firstName, ...rest] = words;
    const known = await createUssdPatient(caller.mobile, firstName, rest.join(' '));
    caller.patientId = known.patientId;
    caller.details = known.details;
    return showMain(undefined, firstName);
  },

  main: async (caller, typed) => {
    switch (typed) {
      case '1':
        return menu(screens.bookService(), 'book');
      case '2':
        return showNext(caller);
      case '3':
        return showPackage(caller);
      case '4':
        return input(screens.askRx(), 'rx');
      case '5':
        return menu(screens.callbackReason(), 'callback');
      default:
        return showMain(HINT.choice);
    }
  },
  ...bookSteps,
  ...nextSteps,
  ...packageSteps,
  ...rxSteps,
  ...callbackSteps,
  // A change by phone waiting for the PIN goes on where it was asked (menus/pin.ts).
  ...pinSteps((caller, state, typed) => answerStep(caller, state, typed)),
};

/** The first screen of a session: the main menu for a known number, else the question of their name. */
export async function firstScreen(caller: Caller): Promise<Reply> {
  return caller.patientId ? showMain() : input(screens.askName(), 'name');
}

/** What the caller typed at `state`, answered. */
export async function answerStep(caller: Caller, state: State, typed: string): Promise<Reply> {
  const handler = STEPS[state.step] ?? STEPS.main;
  return handler(caller, typed.trim(), state.data ?? {});
}
