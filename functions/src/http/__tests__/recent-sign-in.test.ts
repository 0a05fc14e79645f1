import type { Request, Response } from 'express';
import { RECENT_SIGN_IN_MINUTES } from '../../api/retention';
import { requireRecentSignIn, SIGN_IN_AGAIN } from '../auth';
import { HttpError } from '../errors';

/** What requireRecentSignIn passes on for a caller who typed their password `minutesAgo`. */
function outcome(minutesAgo: number | undefined): unknown {
  const req = { caller: { uid: 'u1', signedInAt: minutesAgo === undefined ? undefined : Date.now() - minutesAgo * 60_000 } };
  let passed: unknown = 'not called';
  requireRecentSignIn(req as unknown as Request, {} as Response, (err?: unknown) => {
    passed = err;
  });
  return passed;
}

describe('requireRecentSignIn (deleting an account)', () => {
  it('when the password was typed within the last minutes, then the route runs', () => {
    expect(outcome(1)).toBeUndefined();
  });

  it.each([RECENT_SIGN_IN_MINUTES + 1, 60, undefined])(
    'when the sign-in is %p minutes old, then 401 asking to sign in again',
    (minutes) => {
      const err = outcome(minutes);
      expect(err).toBeInstanceOf(HttpError);
      expect(err).toMatchObject({ status: 401, message: SIGN_IN_AGAIN });
    },
  );
});
