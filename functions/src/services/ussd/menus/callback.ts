import { CALLBACK_REASONS } from '../../../api/ussd';
import { queueCallback } from '../caller';
import { HINT, screens } from '../screens';
import { end, localPhone, menu, picked, showMain, type Handler, type Step } from './common';

/** Call me back (main menu 5): a reason, into the desk's queue. */
export const callbackSteps = {
  callback: async (caller, typed) => {
    if (typed === '0') return showMain();
    const reason = picked(typed, CALLBACK_REASONS);
    if (!reason) return menu(screens.callbackReason(HINT.choice), 'callback');
    await queueCallback({ phone: caller.mobile, patientId: caller.patientId, reason });
    return end(screens.callbackQueued({ phone: localPhone(caller.mobile) }));
  },
} satisfies Partial<Record<Step, Handler>>;
