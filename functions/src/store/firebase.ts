import { InterceptingCall, Metadata, status, type Interceptor } from '@grpc/grpc-js';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAppCheck } from 'firebase-admin/app-check';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { firebaseProjectId } from '../config';

/**
 * The one firebase-admin app. In Cloud Functions and the emulators the project comes from
 * the environment; elsewhere (tests, scripts) the demo project keeps us off production.
 */
function app() {
  return getApps()[0] ?? initializeApp({ projectId: firebaseProjectId() });
}

/** gRPC's words when a call found no connection to send on: it never reached Firestore. */
const NO_CONNECTION = 'No connection established';
const UNREACHABLE = 'Firestore is unreachable';

/**
 * While Firestore cannot be reached, every call fails at once with this status instead of
 * UNAVAILABLE. The client library retries UNAVAILABLE in loops that no setting reaches
 * (each read 5 times with backoff, a plain commit for up to 10 minutes, a transaction 5
 * times over): the API answered 503 only after ~44 s, and a write it had reported as failed
 * could still commit later, once Firestore was back. FAILED_PRECONDITION is retried by none
 * of them, so nothing runs on behind the 503. Safe for writes: a call that found no
 * connection was never sent, so nothing was written.
 * The empty headers first: google-gax's helper for streamed reads (queries, gets) retries
 * any error that comes before a response twice more (~3-7 s); after headers it passes the
 * error on. (Its setting gaxServerStreamingRetries would replay a half-read stream.)
 */
const failFastWhenUnreachable: Interceptor = (options, nextCall) =>
  new InterceptingCall(nextCall(options), {
    start(metadata, listener, next) {
      next(metadata, {
        onReceiveStatus(received, nextStatus) {
          if (received.code !== status.UNAVAILABLE || !received.details.startsWith(NO_CONNECTION)) return nextStatus(received);
          listener.onReceiveMetadata(new Metadata());
          nextStatus({ ...received, code: status.FAILED_PRECONDITION, details: `${UNREACHABLE}: ${received.details}` });
        },
      });
    },
  });

/** A Firestore call failed because Firestore could not be reached (see failFastWhenUnreachable). */
export const isStoreUnreachable = (err: unknown): boolean =>
  (err as { code?: unknown }).code === status.FAILED_PRECONDITION && String((err as Error).message).includes(UNREACHABLE);

/** Passed through @google-cloud/firestore and google-gax to the gRPC channel and calls. */
const OUTAGE_SETTINGS = {
  // gRPC waits longer and longer between reconnects (up to 2 min): after an outage the API
  // stayed down ~41 s more. At most 1 s, it answers within about a second of Firestore's return.
  'grpc.max_reconnect_backoff_ms': 1000,
  // google-gax hands this to the gRPC client (without the 'grpc.' prefix) for every call.
  'grpc.callInvocationTransformer': (call: { callOptions: { interceptors?: Interceptor[] } }) => ({
    ...call,
    callOptions: { ...call.callOptions, interceptors: [failFastWhenUnreachable, ...(call.callOptions.interceptors ?? [])] },
  }),
};

/** App Check of the same app: verifies the tokens the site sends (http/app-check.ts). */
export const appCheck = () => getAppCheck(app());

let firestore: Firestore | undefined;

export const db = (): Firestore => {
  if (!firestore) {
    firestore = getFirestore(app());
    // firebase-admin's initializeFirestore() passes on preferRest only; settings() passes all.
    firestore.settings(OUTAGE_SETTINGS);
  }
  return firestore;
};
export const auth = () => getAuth(app());
