// @ts-check
/** The local stack's fixed addresses (README.md): tests and tools rely on them. */
export const HOST = '127.0.0.1';
export const PORTS = {
  site: 5000,
  functions: 5001,
  auth: 9099,
  firestore: 8080,
  paymentSandbox: 5005,
  /** The sandbox's SMTP sink, the mail provider's stand-in (functions/.secret.local SMTP_HOST, SMTP_PORT). */
  mailSink: 2525,
  emulatorHub: 4400,
  emulatorLogging: 4500,
  /** coturn, the video visits' relay (UDP and TCP): the one the API's iceServers name (functions/.env.local TURN_URLS). */
  turn: 3478,
  /** Two more relays for the relay tests, capped as a weak mobile link and as 3G (scripts/lib/turn.mjs NARROW_RELAYS). */
  turnWeak: 3480,
  turn3g: 3481,
};
export const SITE_URL = `http://${HOST}:${PORTS.site}`;
export const PROJECT_ID = 'demo-healthcare';

/** What the Admin SDK and the web SDK need to find the emulators. */
export const EMULATOR_ENV = {
  GCLOUD_PROJECT: PROJECT_ID,
  FIRESTORE_EMULATOR_HOST: `${HOST}:${PORTS.firestore}`,
  FIREBASE_AUTH_EMULATOR_HOST: `${HOST}:${PORTS.auth}`,
};
