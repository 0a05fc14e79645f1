// @ts-check
// Secret Manager as `npm run deploy:check -- --online` asks it: signed in as the account
// application-default credentials name (gcloud auth application-default login; in CI the
// Workload Identity step), each secret's latest version, told apart: not signed in, no such
// secret (or no version), no permission, the API not enabled.
import { GoogleAuth } from 'google-auth-library';

const API = 'https://secretmanager.googleapis.com/v1';

/**
 * @typedef {{ request: (options: { url: string, validateStatus?: (status: number) => boolean }) => Promise<{ status: number, data: any }> }} Client
 * @typedef {{ client: Client } | { error: string }} Session
 */

/**
 * The signed-in client, or why there is none (no credentials, an expired sign-in).
 * @returns {Promise<Session>}
 */
export async function signIn() {
  try {
    const client = await new GoogleAuth({ scopes: 'https://www.googleapis.com/auth/cloud-platform' }).getClient();
    await client.getAccessToken();
    return { client: /** @type {Client} */ (/** @type {unknown} */ (client)) };
  } catch (err) {
    return { error: String(/** @type {Error} */ (err).message).split('\n')[0] };
  }
}

/**
 * What Secret Manager says of a secret's latest version; with `access`, its value too.
 * @param {{ client: Client }} session
 * @param {string} project
 * @param {string} name
 * @param {{ access?: boolean }} [options]
 * @returns {Promise<{ ok: true, value?: string } | { ok: false, missing: boolean, problem: string }>}
 */
export async function secretState({ client }, project, name, { access = false } = {}) {
  const url = `${API}/projects/${project}/secrets/${name}/versions/latest${access ? ':access' : ''}`;
  let answer;
  try {
    answer = await client.request({ url, validateStatus: () => true });
  } catch (err) {
    return { ok: false, missing: false, problem: `Secret Manager did not answer (${/** @type {Error} */ (err).message}).` };
  }
  return readAnswer(answer.status, answer.data, access);
}

/**
 * Secret Manager's answer, in words.
 * @param {number} status
 * @param {any} data
 * @param {boolean} access
 * @returns {{ ok: true, value?: string } | { ok: false, missing: boolean, problem: string }}
 */
export function readAnswer(status, data, access) {
  const message = data?.error?.message ?? '';
  if (status === 200 && access) return { ok: true, value: Buffer.from(data.payload?.data ?? '', 'base64').toString('utf8') };
  if (status === 200 && data?.state === 'ENABLED') return { ok: true };
  if (status === 200) return { ok: false, missing: true, problem: `its latest version is ${data?.state}.` };
  if (status === 404) return { ok: false, missing: true, problem: 'Secret Manager has no version.' };
  if (status === 403 && /has not been used|is disabled|SERVICE_DISABLED/.test(message))
    return {
      ok: false,
      missing: false,
      problem: "the Secret Manager API is not enabled (docs/operations.md, 'Project, billing, APIs and sign-ins').",
    };
  if (status === 403)
    return {
      ok: false,
      missing: false,
      problem: `the signed-in account may not read it (403: ${message}); it needs Secret Manager Viewer (Secret Accessor for TURN_SHARED_SECRET).`,
    };
  return { ok: false, missing: false, problem: `Secret Manager answered ${status}${message ? `: ${message}` : ''}.` };
}
