/**
 * No credential reaches a log (docs/security.md 'Trust on every channel'): the USSD gateway's
 * key and a payment's callback token travel in the URL path, so everything the stack writes
 * (the functions' output and the emulators') is read here for every secret of
 * functions/.secret.local and for the token, after a USSD session through Hosting with the key
 * and a paid checkout whose callback came back on its tokened URL. The one place allowed to
 * carry them is the Hosting emulator's request line ("[hosting] Rewriting /ussd/..."), the
 * request log that docs/operations.md step 14 keeps out of production's logs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createActivatedPatient, idTokenFor } from './support/accounts';
import { waitUntil } from './support/admin';
import { SITE_URL } from './support/browser';
import { localEnv } from './support/local-env';

jest.setTimeout(90_000);

const SANDBOX = 'http://127.0.0.1:5005';

const localSecrets = () => localEnv('.secret.local');

/**
 * What the stack prints (scripts/lib/stack.mjs writes it to STACK_LOG_FILE): the functions'
 * own output (the emulator's "> " lines, production's application logs) and the emulators'.
 * firebase-tools' firebase-debug.log is its own trace of the emulators' routing (every URL,
 * as a request log holds them), deleted when they stop and never a production artefact.
 */
function stackLog(): string[] {
  const file = process.env.STACK_LOG_FILE;
  if (!file || !existsSync(file)) throw new Error('STACK_LOG_FILE names no log: run through scripts/test.mjs or with-stack.mjs.');
  return readFileSync(file, 'utf8').split('\n');
}

/** The Hosting emulator's request lines (its rewrite and its access log): production's request log, excluded by the runbook. */
const HOSTING_REQUEST_LINE =
  /^\[hosting\] Rewriting \/(ussd|payment\/callback)\/|^i {2}hosting: \S+ - - \[[^\]]+\] "POST \/(ussd|payment\/callback)\//;

async function api(path: string, idToken: string, body: unknown) {
  const res = await fetch(`${SITE_URL}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { data?: Record<string, unknown>; msg?: string } };
}

it('the gateway key, the callback token and the other secrets appear in no log but the request line', async () => {
  const secrets = localSecrets();
  expect(Object.keys(secrets)).toEqual(expect.arrayContaining(['USSD_GATEWAY_KEY', 'PAYMENT_CALLBACK_SECRET']));

  // A USSD session through Hosting, with the key the gateway is registered with.
  const ussd = await fetch(`${SITE_URL}/ussd/${secrets.USSD_GATEWAY_KEY}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      Type: 'Initiation',
      Mobile: `23355${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      SessionId: `logs-${Date.now()}`,
      ServiceCode: '*713*1#',
      Message: '*713*1#',
      Operator: 'mtn',
      Sequence: 1,
    }),
  });
  expect(ussd.status).toBe(200);
  expect(((await ussd.json()) as { Message: string }).Message).toMatch(/ExpMed Health|name/);

  // A paid checkout: the sandbox calls back on the tokened URL the API gave it.
  const patient = await createActivatedPatient();
  const idToken = await idTokenFor(patient.email, patient.password);
  const packages = (await (await fetch(`${SITE_URL}/api/packages`)).json()) as { data: { id: string; packagePrice: unknown }[] };
  const paid = packages.data.find((p) => typeof p.packagePrice === 'number' && p.packagePrice > 0);
  if (!paid) throw new Error('No package has a price: is the catalog seeded?');
  const sub = await api('/subscriptions', idToken, { packageId: paid.id });
  expect(sub.status).toBe(201);
  const reference = String(sub.json.data?.clientReference);
  expect((await api('/payment/initiate', idToken, { clientReference: reference })).status).toBe(200);
  const pay = await fetch(`${SANDBOX}/__control/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ clientReference: reference }),
  });
  const { checkout } = (await pay.json()) as { checkout: { callbackUrl: string } };
  const token = new URL(checkout.callbackUrl).pathname.split('/').pop() ?? '';
  expect(checkout.callbackUrl).toContain(`/payment/callback/${reference}/`);
  expect(token.length).toBeGreaterThan(20);
  await waitUntil(
    async () => {
      const res = await fetch(`${SITE_URL}/api/subscriptions/${patient.uid}`, {
        headers: { Authorization: `Bearer ${idToken}` },
      });
      const mine = ((await res.json()) as { data?: { clientReference: string; paymentStatus: string }[] }).data ?? [];
      return mine.find((s) => s.clientReference === reference)?.paymentStatus;
    },
    (status) => status === 'Paid',
  );

  // The log is the real one, written as this test ran: the Functions emulator's (whose "> " lines
  // are the functions' own output), the sandbox's line for this callback, Hosting's for the token.
  const lines = await waitUntil(
    async () => stackLog(),
    (log) => log.some((line) => line.includes(`callback for ${reference} -> 200`)),
  );
  expect(lines.some((line) => line.includes('functions[europe-west1-ussd]'))).toBe(true);
  expect(lines.some((line) => HOSTING_REQUEST_LINE.test(line) && line.includes(token))).toBe(true);
  const credentials = { ...secrets, CALLBACK_TOKEN: token };
  const leaks = lines.flatMap((line, n) =>
    HOSTING_REQUEST_LINE.test(line)
      ? []
      : Object.entries(credentials)
          .filter(([, value]) => secretParts(value).some((part) => line.includes(part)))
          .map(([name]) => `line ${n + 1} shows ${name}: ${line.slice(0, 160)}`),
  );
  expect(leaks).toEqual([]);
});

/** The parts of a secret worth looking for: each rotation value, and a credential pair's secret half. */
function secretParts(value: string): string[] {
  return value
    .split(/[,:]/)
    .map((part) => part.trim())
    .filter((part) => part.length >= 12);
}
