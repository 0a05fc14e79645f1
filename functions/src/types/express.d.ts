import type { Caller } from '../http/auth';

declare global {
  namespace Express {
    interface Request {
      /** Set by requireAuth from the verified Firebase ID token. */
      caller?: Caller;
    }
  }
}

export {};
