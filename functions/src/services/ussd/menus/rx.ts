import { formatDate } from '../../../api/format';
import { normaliseRxCode } from '../../../api/record';
import { HttpError } from '../../../http/errors';
import { checkRx, rxVerdict } from '../../record/rx-check';
import { HINT, screens } from '../screens';
import { end, input, type Handler, type Step } from './common';

/** Check a prescription code (main menu 4). */
export const rxSteps = {
  rx: async (caller, typed) => {
    const code = normaliseRxCode(typed);
    if (!code) return input(screens.askRx(HINT.code), 'rx');
    // The same check a pharmacy makes on /rx (docs/record.md 'Checking a code'), its misses
    // counted against the caller's number: status, date and doctor, never the medicines.
    try {
      const rx = await checkRx({ channel: 'ussd', client: caller.mobile }, code);
      return end(
        screens.rx({
          valid: rx.status === 'Issued',
          lines: [rxVerdict(code, rx), `${rx.doctor}, ${formatDate(new Date(rx.issuedAt))}`],
        }),
      );
    } catch (err) {
      if (err instanceof HttpError && err.status < 500) return end(screens.rx({ valid: false, lines: [err.message] }));
      throw err;
    }
  },
} satisfies Partial<Record<Step, Handler>>;
