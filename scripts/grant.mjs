// @ts-check
// `npm run grant -- <email> <admin|staff|doctor|nurse> [doctorId]`: gives an account a role on the clinic's side.
// Against the Auth emulator when FIREBASE_AUTH_EMULATOR_HOST is set (as `npm start` does), else against
// the real project of GOOGLE_APPLICATION_CREDENTIALS or gcloud's application default credentials
// (GCLOUD_PROJECT or GOOGLE_CLOUD_PROJECT names the project). The role reaches the user's next ID token.
import { require, startFirebaseAdmin } from './lib/firebase-admin.mjs';

const { getAuth } = require('firebase-admin/auth');
const { getFirestore, Timestamp } = require('firebase-admin/firestore');

const ROLES = ['admin', 'staff', 'doctor', 'nurse'];
const USAGE = 'Usage: npm run grant -- <email> <admin|staff|doctor|nurse> [doctorId]   (doctorId only, and required, for doctor)';
const ID = /^[A-Za-z0-9_-]{1,128}$/; // functions/src/api/ids.ts ID_PATTERN

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

const [email, role, doctorId, ...rest] = process.argv.slice(2);
if (!email || !role || rest.length) fail('Give an e-mail and a role.');
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail(`'${email}' is not an e-mail address.`);
if (!ROLES.includes(role)) fail(`'${role}' is not a role: use admin, staff, doctor or nurse.`);
if (role === 'doctor' && !doctorId) fail('A doctor needs the doctorId of their doctors document (e.g. dr-mensah).');
if (role !== 'doctor' && doctorId) fail(`Only the doctor role takes a doctorId, not ${role}.`);
if (doctorId && !ID.test(doctorId)) fail(`'${doctorId}' is not a doctorId: letters, digits, '_' or '-'.`);

const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
// The emulators run together (firebase.json): the roster goes to the local Firestore too.
if (emulator) process.env.FIRESTORE_EMULATOR_HOST ??= emulator.replace(/:\d+$/, ':8080');
const { app, projectId } = startFirebaseAdmin({ emulator });
const where = emulator ? `the Auth emulator at ${emulator}` : `project ${projectId ?? '(from the credentials)'}`;

/**
 * @param {unknown} err
 * @returns {never}
 */
function failed(err) {
  const text = err instanceof Error ? err.message : String(err);
  const hint = /credential/i.test(text)
    ? ' Set GOOGLE_APPLICATION_CREDENTIALS to a service account key of the project, or run `gcloud auth application-default login`; for the local emulator set FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099.'
    : '';
  console.error(`Granting the role failed in ${where}: ${text}${hint}`);
  process.exit(1);
}
// firebase-admin reports a missing credential from a callback of its own, outside any await.
process.on('uncaughtException', failed);
process.on('unhandledRejection', failed);

try {
  const db = getFirestore(app);
  if (doctorId && !(await db.collection('doctors').doc(doctorId).get()).exists)
    fail(`There is no doctor '${doctorId}' in ${where}.`);
  const user = await getAuth(app)
    .getUserByEmail(email.toLowerCase())
    .catch((/** @type {{ code?: string }} */ err) =>
      err.code === 'auth/user-not-found'
        ? fail(`No account uses ${email} in ${where}: the person signs up on the site first.`)
        : failed(err),
    );
  // Roles go only to verified addresses (functions/src/services/staff/roles.ts grantRole, docs/roles-and-audit.md).
  if (!user.emailVerified)
    fail(
      `${email} has not verified its e-mail address in ${where}: roles go only to verified accounts. ` +
        'The person signs in on the site and enters the code we e-mailed them; then run this again.',
    );
  const claims = doctorId ? { role, doctorId } : { role };
  const before = user.customClaims ?? {};
  const changed = Boolean(before.role) && (before.role !== role || before.doctorId !== doctorId);
  // The roster first: the API checks every staff request against it (functions/src/http/auth.ts requireRole).
  await db
    .collection('staffMembers')
    .doc(user.uid)
    .set({ uid: user.uid, email: email.toLowerCase(), ...claims, grantedBy: 'npm run grant', grantedAt: Timestamp.now() });
  await getAuth(app).setCustomUserClaims(user.uid, claims);
  // A changed role ends the sessions that carried the old one.
  if (changed) await getAuth(app).revokeRefreshTokens(user.uid);
  console.log(`${email} is now ${role}${doctorId ? ` (${doctorId})` : ''} in ${where}. It applies from their next sign-in.`);
  process.exit(0);
} catch (err) {
  failed(err);
}
