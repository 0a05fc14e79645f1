import { AsyncLocalStorage } from 'node:async_hooks';
import { logger } from 'firebase-functions';

/**
 * Sending right after the write that queued a message, shared by the SMS and mail senders
 * (sms-sender.ts, mail-sender.ts): the request waits a little for its messages, the send goes
 * on after it answers, and each sender's sweep takes whatever is left.
 */

/** How long a request waits for its messages before answering; the send goes on (or the sweep takes it). */
const SEND_WAIT_MS = 2_000;

/** Sends still going after their request answered. */
const inFlight = new Set<Promise<unknown>>();

/** Resolves once every send started here has finished (a process that stops, or a test file that ends, waits for them). */
export async function sendsSettled(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}

/** Requests that answer without waiting for their messages (withoutWaitingForSends). */
const noWait = new AsyncLocalStorage<true>();

/**
 * Runs `fn` with its messages sent without waiting for them: the USSD service must answer within
 * Hubtel's 5 s (docs/ussd.md); the send goes on, and the sweeps take what is left.
 */
export const withoutWaitingForSends = <T>(fn: () => Promise<T>): Promise<T> => noWait.run(true, fn);

/**
 * Sends each id with `send` right away, waiting at most SEND_WAIT_MS (not at all under
 * withoutWaitingForSends); never throws (the sweep retries what is left).
 */
export async function sendSoon(
  what: 'sms' | 'mail',
  ids: readonly string[],
  send: (id: string) => Promise<unknown>,
): Promise<void> {
  const sends = Promise.allSettled(
    ids.map((id) => send(id).catch((err: unknown) => logger.error(`${what} send failed`, { id, error: String(err) }))),
  );
  inFlight.add(sends);
  void sends.finally(() => inFlight.delete(sends));
  if (noWait.getStore()) return;
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, SEND_WAIT_MS);
  });
  await Promise.race([sends, bound]);
  clearTimeout(timer);
}
