/**
 * `npm run deploy:check` as an operator runs it: against a copy of this repository's deploy
 * configuration (firebase.json, the lockfiles, the built
 * functions) with one project's files from fixtures/complete, then with one thing broken at a time.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const ROOT = join(__dirname, '../..');
const PROJECT = 'clinic-example';
const REPO_FILES = [
  'firebase.json',
  'package-lock.json',
  'functions/package.json',
  'functions/package-lock.json',
  'web/.env.emulators',
];

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'deploy-check-'));
  for (const file of REPO_FILES) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    cpSync(join(ROOT, file), join(root, file));
  }
  // The params and secrets come from the code as built (npm test builds before Jest runs).
  symlinkSync(join(ROOT, 'functions/lib'), join(root, 'functions/lib'));
  cpSync(join(__dirname, 'fixtures/complete'), root, { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function deployCheck(...args: (string | { env: NodeJS.ProcessEnv })[]) {
  const env = args.find((arg) => typeof arg === 'object')?.env ?? process.env;
  const flags = args.filter((arg) => typeof arg === 'string');
  const run = spawnSync(process.execPath, ['scripts/deploy-check.mjs', '--project', PROJECT, '--root', root, ...flags], {
    cwd: ROOT,
    encoding: 'utf8',
    env,
  });
  const problems = run.stdout.split('\n').filter((line) => line.startsWith('✘ '));
  return { status: run.status, stdout: run.stdout, problems };
}

/** A function of the scripts' ES modules, run in a Node process of its own (Jest loads no ES modules); its result as JSON. */
function esm(module: string, call: string): unknown {
  const code = `import * as m from ${JSON.stringify(join(ROOT, module))}; console.log(JSON.stringify(await (${call})));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
}

const edit = (file: string, change: (text: string) => string) =>
  writeFileSync(join(root, file), change(readFileSync(join(root, file), 'utf8')));
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- firebase.json and lockfiles, edited freely by each case
type Json = any;
const editJson = (file: string, change: (json: Json) => void) =>
  edit(file, (text) => {
    const json = JSON.parse(text);
    change(json);
    return JSON.stringify(json, null, 2);
  });
/** Sets one line of a dotenv file, as written (quotes included), in place or at the end. */
const setEnv = (file: string, name: string, written: string) =>
  edit(file, (text) =>
    new RegExp(`^${name}=`, 'm').test(text)
      ? text.replace(new RegExp(`^${name}=.*$`, 'm'), () => `${name}=${written}`)
      : `${text}${name}=${written}\n`,
  );
const cspOf = (config: Json) =>
  config.hosting.headers
    .find((rule: { source?: string }) => rule.source === '**')
    .headers.find((h: { key: string }) => h.key === 'Content-Security-Policy');

describe('npm run deploy:check', () => {
  it("when every file of the project is filled in, then it passes on this repository's firebase.json and lockfiles", () => {
    const { status, stdout, problems } = deployCheck();
    expect(problems).toEqual([]);
    expect(stdout).toContain(`deploy:check: ${PROJECT} is ready to deploy.`);
    expect(status).toBe(0);
  });

  it('when run with --build on a fresh copy of the repository (no web/dist), then it builds the site for the project and passes', () => {
    // Every file git tracks, as this checkout has it, with the installed dependencies and the project's files.
    const clone = mkdtempSync(join(tmpdir(), 'deploy-check-clone-'));
    try {
      const tracked = spawnSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).stdout.split('\0').filter(Boolean);
      for (const file of tracked.filter((f) => existsSync(join(ROOT, f)))) {
        mkdirSync(dirname(join(clone, file)), { recursive: true });
        cpSync(join(ROOT, file), join(clone, file));
      }
      for (const dir of ['node_modules', 'web/node_modules', 'functions/node_modules'].filter((d) => existsSync(join(ROOT, d))))
        symlinkSync(join(ROOT, dir), join(clone, dir));
      cpSync(join(__dirname, 'fixtures/complete'), clone, { recursive: true });
      rmSync(join(clone, 'web/dist'), { recursive: true, force: true });

      const run = spawnSync(
        process.execPath,
        ['scripts/deploy-check.mjs', '--build', '--only', 'hosting', '--project', PROJECT, '--root', clone],
        { cwd: ROOT, encoding: 'utf8' },
      );
      expect(run.stdout).toBe(`deploy:check: ${PROJECT} is ready to deploy (hosting).\n`);
      expect(run.stderr).toContain(`deploy:check: WEB_ENV=${PROJECT} npm run build -w web`);
      const built = readdirSync(join(clone, 'web/dist/assets'))
        .filter((file) => file.endsWith('.js'))
        .map((file) => readFileSync(join(clone, 'web/dist/assets', file), 'utf8'))
        .join('\n');
      expect(built).toContain('AIzaSyExampleExampleExampleExample123');
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
  }, 240_000);

  it('when the functions runtime is one firebase-tools refuses, then it fails saying so', () => {
    editJson('firebase.json', (config) => (config.functions[0].runtime = 'nodejs20'));
    const { status, problems } = deployCheck();
    expect(status).toBe(1);
    expect(problems).toEqual([
      expect.stringMatching(/runtime would be refused by firebase deploy: Runtime Node.js 20 was decommissioned on 2026-10-30/),
      "✘ The functions' runtime is nodejs20 in firebase.json but engines.node is 24 in their package.json.",
    ]);
  });

  it('when the production CSP allows a local origin, then it fails naming it', () => {
    editJson('firebase.json', (config) => {
      const header = cspOf(config);
      header.value = header.value.replace("frame-src 'self'", "frame-src 'self' http://127.0.0.1:5005");
    });
    expect(deployCheck().problems).toEqual([
      '✘ The production CSP (firebase.json) allows local origins: http://127.0.0.1:5005 in frame-src.',
    ]);
  });

  it('when a param is not set for the project, with or without a default in the code, then it fails naming each and the file', () => {
    edit(`functions/.env.${PROJECT}`, (text) =>
      text.replace(/^PAYMENT_MERCHANT_ACCOUNT=.*\n/m, '').replace(/^PREAPPROVAL_API_BASE=.*\n/m, ''),
    );
    expect(deployCheck().problems).toEqual([
      `✘ Param PAYMENT_MERCHANT_ACCOUNT is not set for ${PROJECT} in functions/.env.${PROJECT}: firebase deploy --non-interactive (CI) stops without it (functions/.env.example says what it is).`,
      `✘ Param PREAPPROVAL_API_BASE is not set for ${PROJECT} in functions/.env.${PROJECT}: firebase deploy --non-interactive (CI) stops without it, whatever its default in functions/src/config.ts (functions/.env.example says what it is).`,
    ]);
  });

  it("when a secret is not in the project's list, then it fails naming the secret", () => {
    edit(`deploy/secrets.${PROJECT}`, (text) => text.replace(/^NEWSLETTER_SECRET\n/m, ''));
    expect(deployCheck().problems).toEqual([
      expect.stringMatching(
        /^✘ Secret NEWSLETTER_SECRET is not set for clinic-example \(not listed in deploy\/secrets.clinic-example/,
      ),
    ]);
  });

  it('when web/dist was built for the emulators, then it fails, and hosting alone (the predeploy) does too', () => {
    writeFileSync(join(root, 'web/dist/assets/firebase-a1b2c3.js'), "export const config = { apiKey: 'demo-api-key' };\n");
    const expected = [`✘ web/dist is a build for the emulators (demo-api-key): run WEB_ENV=${PROJECT} npm run build -w web.`];
    expect(deployCheck().problems).toEqual(expected);
    expect(deployCheck('--only', 'hosting').problems).toEqual(expected);
    expect(deployCheck('--only', 'functions').status).toBe(0);
  });

  it("when the mail's sender or its SMTP server is not set, then it fails naming the param and the secret", () => {
    edit(`functions/.env.${PROJECT}`, (text) => text.replace(/^MAIL_FROM=.*\n/m, ''));
    edit(`deploy/secrets.${PROJECT}`, (text) => text.replace(/^SMTP_PASSWORD\n/m, ''));
    expect(deployCheck().problems).toEqual([
      `✘ Param MAIL_FROM is not set for ${PROJECT} in functions/.env.${PROJECT}: firebase deploy --non-interactive (CI) stops without it (functions/.env.example says what it is).`,
      expect.stringMatching(
        /^✘ Secret SMTP_PASSWORD is not set for clinic-example \(not listed in deploy\/secrets.clinic-example/,
      ),
    ]);
  });

  it('when the functions lockfile is out of step with the tested root lockfile, then it fails', () => {
    editJson('functions/package-lock.json', (lock) => (lock.packages['node_modules/yup'].version = '1.0.0'));
    expect(deployCheck().problems).toEqual([
      expect.stringMatching(/^✘ functions\/package-lock.json has node_modules\/yup 1.0.0, the tested root lockfile 1\.\d+\.\d+/),
    ]);
  });

  it('when the examples are copied unchanged, then it fails naming each placeholder left, and nothing else is left to fill in', () => {
    for (const [example, own] of [
      ['functions/.env.example', `functions/.env.${PROJECT}`],
      ['deploy/secrets.example', `deploy/secrets.${PROJECT}`],
      ['web/.env.example', `web/.env.${PROJECT}`],
    ])
      cpSync(join(ROOT, example), join(root, own));
    const { status, problems } = deployCheck();
    expect(status).toBe(1);
    const functions = `✘ functions/.env.${PROJECT} still has the example's`;
    const secret = (name: string) =>
      `✘ deploy/secrets.${PROJECT} still has the example's TODO on ${name}: set the secret (docs/operations.md, 'Params and secrets'), then take the TODO off.`;
    expect(problems).toEqual([
      `${functions} <the site's domain> in PUBLIC_SITE_URL: fill it in.`,
      `${functions} <the clinic's merchant account number> in PAYMENT_MERCHANT_ACCOUNT: fill it in.`,
      `${functions} <the service code, e.g. *713*4455#> in USSD_SHORTCODE: fill it in.`,
      `${functions} <the Hubtel POS Sales ID of the USSD service> in USSD_POS_SALES_ID: fill it in.`,
      `${functions} <the SMS API client id> in SMS_CLIENT_ID: fill it in.`,
      `${functions} <the approved sender id, at most 11 characters> in SMS_SENDER_ID: fill it in.`,
      `${functions} <the site's domain> in MAIL_FROM: fill it in.`,
      `${functions} <the clinic's inbox> in MAIL_REPLY_TO: fill it in.`,
      `${functions} <the site's domain> in STUN_URLS: fill it in.`,
      `${functions} <the site's domain> in TURN_URLS: fill it in.`,
      ...['NEWSLETTER_SECRET', 'PAYMENT_CALLBACK_SECRET', 'PAYMENT_CREDENTIALS', 'SMS_CLIENT_SECRET', 'SMTP_HOST', 'SMTP_PASSWORD', 'SMTP_PORT', 'SMTP_USER', 'TURN_SHARED_SECRET', 'USSD_GATEWAY_KEY'].map(secret), // prettier-ignore
      `✘ web/.env.${PROJECT} still has the example's <project-id> in VITE_FIREBASE_AUTH_DOMAIN: fill it in.`,
      `✘ web/.env.${PROJECT} still has the example's <project-id> in VITE_FIREBASE_PROJECT_ID: fill it in.`,
      `✘ web/.env.${PROJECT} does not set VITE_FIREBASE_API_KEY, VITE_FIREBASE_APP_ID, VITE_RECAPTCHA_ENTERPRISE_SITE_KEY (see web/.env.example).`,
      `✘ web/.env.${PROJECT} is for project <project-id>, not ${PROJECT}.`,
    ]);
  });

  it('when a value names this machine, with or without a scheme, then it fails naming it', () => {
    edit(`functions/.env.${PROJECT}`, (text) =>
      text
        .replace(/^PAYMENT_STATUS_BASE=.*$/m, 'PAYMENT_STATUS_BASE=127.0.0.1:5005')
        .replace(/^TURN_URLS=.*$/m, 'TURN_URLS=turn:localhost:3478,turns:turn.expmedhealth.com:443?transport=tcp'),
    );
    edit(`web/.env.${PROJECT}`, (text) => `${text}VITE_AUTH_EMULATOR_HOST=127.0.0.1:9099\n`);
    editJson('firebase.json', (config) => {
      const header = cspOf(config);
      header.value = header.value.replace("connect-src 'self'", "connect-src 'self' 127.0.0.1:9099 localhost");
    });
    expect(deployCheck().problems).toEqual([
      `✘ PAYMENT_STATUS_BASE points at a local address (127.0.0.1:5005) in functions/.env.${PROJECT}.`,
      `✘ TURN_URLS points at a local address (turn:localhost:3478,turns:turn.expmedhealth.com:443?transport=tcp) in functions/.env.${PROJECT}.`,
      '✘ The production CSP (firebase.json) allows local origins: 127.0.0.1:9099 in connect-src, localhost in connect-src.',
      `✘ VITE_AUTH_EMULATOR_HOST points at a local address (127.0.0.1:9099) in web/.env.${PROJECT}.`,
    ]);
  });

  it('when the production CSP lacks an origin the built site contacts, then it fails naming each', () => {
    editJson('firebase.json', (config) => {
      const header = cspOf(config);
      header.value = header.value
        .replace(' https://firestore.googleapis.com', '')
        .replace(' https://content-firebaseappcheck.googleapis.com', '')
        .replace("script-src 'self' https://www.google.com/recaptcha/", "script-src 'self'");
    });
    expect(deployCheck('--only', 'hosting').problems).toEqual([
      '✘ The production CSP (firebase.json) would block what the built site contacts: https://content-firebaseappcheck.googleapis.com (connect-src), https://firestore.googleapis.com (connect-src), https://www.google.com/recaptcha/enterprise.js (script-src).',
    ]);
  });

  it('when TURN_URLS is empty, or has no TLS address, then it fails', () => {
    setEnv(`functions/.env.${PROJECT}`, 'TURN_URLS', '');
    expect(deployCheck('--only', 'functions').problems).toEqual([
      `✘ TURN_URLS is empty in functions/.env.${PROJECT}: many video visits on mobile data never connect without a relay (docs/operations.md, 'TURN').`,
    ]);
    edit(`functions/.env.${PROJECT}`, (text) => text.replace(/^TURN_URLS=.*\n/m, ''));
    edit(`functions/.env.${PROJECT}`, (text) => `${text}TURN_URLS=turn:turn.expmedhealth.com:3478?transport=udp\n`);
    expect(deployCheck('--only', 'functions').problems).toEqual([
      `✘ TURN_URLS has no turns: (TLS) address in functions/.env.${PROJECT}: networks that allow only HTTPS would get no relay.`,
    ]);
  });

  it('when a value is left TODO or names an example domain, then it fails naming the file and the key', () => {
    setEnv(`functions/.env.${PROJECT}`, 'PAYMENT_MERCHANT_ACCOUNT', 'TODO');
    setEnv(`functions/.env.${PROJECT}`, 'PUBLIC_SITE_URL', 'https://clinic.example.com');
    setEnv(`functions/.env.${PROJECT}`, 'MAIL_REPLY_TO', 'care@clinic.example.org');
    setEnv(`web/.env.${PROJECT}`, 'VITE_FIREBASE_AUTH_DOMAIN', 'auth.expmed.test');
    expect(deployCheck().problems).toEqual([
      `✘ functions/.env.${PROJECT} still has the example's clinic.example.com in PUBLIC_SITE_URL: fill it in.`,
      `✘ functions/.env.${PROJECT} still has the example's TODO in PAYMENT_MERCHANT_ACCOUNT: fill it in.`,
      `✘ functions/.env.${PROJECT} still has the example's clinic.example.org in MAIL_REPLY_TO: fill it in.`,
      `✘ web/.env.${PROJECT} still has the example's auth.expmed.test in VITE_FIREBASE_AUTH_DOMAIN: fill it in.`,
    ]);
  });

  it('when a public address is http or has no scheme, then it fails naming the key', () => {
    setEnv(`functions/.env.${PROJECT}`, 'PUBLIC_SITE_URL', 'http://expmedhealth.com');
    setEnv(`functions/.env.${PROJECT}`, 'PAYMENT_API_BASE', 'payproxyapi.hubtel.com');
    setEnv(`functions/.env.${PROJECT}`, 'USSD_FULFILMENT_CALLBACK_URL', 'gs-callback.hubtel.com:9055/callback');
    expect(deployCheck('--only', 'functions').problems).toEqual([
      `✘ PUBLIC_SITE_URL is "http://expmedhealth.com" in functions/.env.${PROJECT}: it must be an https:// address (links, callback tokens and credentials go to it).`,
      `✘ PAYMENT_API_BASE is "payproxyapi.hubtel.com" in functions/.env.${PROJECT}: it must be an https:// address (links, callback tokens and credentials go to it).`,
      `✘ USSD_FULFILMENT_CALLBACK_URL is "gs-callback.hubtel.com:9055/callback" in functions/.env.${PROJECT}: it must be an https:// address (links, callback tokens and credentials go to it).`,
    ]);
  });

  it.each([
    ['*713*4455#', '"*713*4455"', ': unquoted, # starts a comment, so write USSD_SHORTCODE="*713*4455#"'],
    ['"*713*4455"', '"*713*4455"', ': unquoted, # starts a comment, so write USSD_SHORTCODE="*713*4455#"'],
    ['"713*4455#"', '"713*4455#"', ''],
    ['"*713**4455#"', '"*713**4455#"', ''],
  ])('when USSD_SHORTCODE is written %s, then it fails: firebase-tools reads %s', (written, read, hint) => {
    setEnv(`functions/.env.${PROJECT}`, 'USSD_SHORTCODE', written);
    expect(deployCheck('--only', 'functions').problems).toEqual([
      `✘ USSD_SHORTCODE is ${read} as firebase deploy reads functions/.env.${PROJECT}, not a USSD code (*digits(*digits)*#, e.g. *713*4455#)${hint}.`,
    ]);
  });

  it("when USSD_SHORTCODE is quoted with its #, or empty (SMS then say 'our USSD code'), then it passes", () => {
    setEnv(`functions/.env.${PROJECT}`, 'USSD_SHORTCODE', "'*920*57#'");
    expect(deployCheck('--only', 'functions').problems).toEqual([]);
    setEnv(`functions/.env.${PROJECT}`, 'USSD_SHORTCODE', '');
    expect(deployCheck('--only', 'functions').problems).toEqual([]);
  });

  it('when a TURN URL is turns: over udp, or a STUN URL carries a transport, then it fails naming each', () => {
    setEnv(
      `functions/.env.${PROJECT}`,
      'TURN_URLS',
      'turn:turn.expmedhealth.com:3478?transport=udp,turns:turn.expmedhealth.com:443?transport=udp',
    );
    setEnv(`functions/.env.${PROJECT}`, 'STUN_URLS', 'stun:turn.expmedhealth.com:3478?transport=udp');
    expect(deployCheck('--only', 'functions').problems).toEqual([
      `✘ TURN_URLS has turns:turn.expmedhealth.com:443?transport=udp in functions/.env.${PROJECT}: turns: is TLS, which runs over TCP, not ?transport=udp (turns:host:443?transport=tcp).`,
      `✘ STUN_URLS has stun:turn.expmedhealth.com:3478?transport=udp in functions/.env.${PROJECT}, not a stun: address (stun:host:3478, no ?transport).`,
    ]);
  });

  it("when the production CSP does not let the site frame the payment checkout, then it fails naming the checkout's origin", () => {
    editJson('firebase.json', (config) => {
      const header = cspOf(config);
      header.value = header.value.replace(' https://pay.hubtel.com', '');
    });
    expect(deployCheck('--only', 'hosting').problems).toEqual([
      '✘ The production CSP (firebase.json) does not let the site frame the payment checkout: frame-src lacks https://pay.hubtel.com, so no patient could pay.',
    ]);
  });

  it("when a secret's line still says TODO, or the list is missing, then it fails naming the secret or the file", () => {
    edit(`deploy/secrets.${PROJECT}`, (text) => text.replace(/^USSD_GATEWAY_KEY$/m, 'TODO USSD_GATEWAY_KEY'));
    expect(deployCheck('--only', 'functions').problems).toEqual([
      `✘ deploy/secrets.${PROJECT} still has the example's TODO on USSD_GATEWAY_KEY: set the secret (docs/operations.md, 'Params and secrets'), then take the TODO off.`,
    ]);
    rmSync(join(root, `deploy/secrets.${PROJECT}`));
    expect(deployCheck('--only', 'functions').problems).toEqual([
      `✘ deploy/secrets.${PROJECT} is missing: copy deploy/secrets.example, take the TODO off each secret you set, and commit it: CI's deploy has only the repository's files.`,
    ]);
  });

  it("when the project's files are missing, then it names each and says to commit it", () => {
    for (const file of [`functions/.env.${PROJECT}`, `web/.env.${PROJECT}`]) rmSync(join(root, file));
    const { problems } = deployCheck();
    expect(problems).toEqual(
      expect.arrayContaining([
        `✘ functions/.env.${PROJECT} is missing: copy functions/.env.example, fill it in and commit it: CI's deploy has only the repository's files.`,
        `✘ web/.env.${PROJECT} is missing: copy web/.env.example, fill it in and commit it: CI's deploy has only the repository's files.`,
      ]),
    );
  });

  it('when --online runs without a Google sign-in, then it says so once instead of calling every secret missing', () => {
    const home = mkdtempSync(join(tmpdir(), 'signed-out-'));
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, CLOUDSDK_CONFIG: home, METADATA_SERVER_DETECTION: 'none' };
    delete env.GOOGLE_APPLICATION_CREDENTIALS;
    try {
      expect(deployCheck({ env }, '--only', 'functions', '--online').problems).toEqual([
        expect.stringMatching(
          /^✘ Not signed in to Google Cloud, so no secret was checked \(Could not load the default credentials.*\): run gcloud auth application-default login/,
        ),
      ]);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('when everything is wrong at once, then each problem has its own line', () => {
    editJson('firebase.json', (config) => {
      config.functions[0].runtime = 'nodejs18';
      const header = cspOf(config);
      header.value = header.value.replace("connect-src 'self'", "connect-src 'self' http://127.0.0.1:9099");
      delete config.firestore.location;
    });
    edit(`functions/.env.${PROJECT}`, (text) => text.replace(/^SMS_CLIENT_ID=.*\n/m, ''));
    edit(`deploy/secrets.${PROJECT}`, (text) => text.replace(/^PAYMENT_CREDENTIALS\n/m, ''));
    writeFileSync(join(root, 'web/dist/assets/firebase-a1b2c3.js'), "export const config = { apiKey: 'demo-api-key' };\n");
    const { status, problems, stdout } = deployCheck();
    expect(status).toBe(1);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Runtime Node.js 18 was decommissioned'),
        expect.stringContaining('allows local origins: http://127.0.0.1:9099 in connect-src'),
        expect.stringContaining('Param SMS_CLIENT_ID is not set'),
        expect.stringContaining('Secret PAYMENT_CREDENTIALS is not set'),
        expect.stringContaining('web/dist is a build for the emulators'),
        expect.stringContaining('firebase.json sets no Firestore location'),
      ]),
    );
    expect(stdout).toContain(`deploy:check: ${PROJECT} is not ready to deploy (${problems.length} problems).`);
  });
});

describe("firebase deploy --non-interactive's own param resolution (firebase-tools' code from node_modules)", () => {
  type Spec = { name: string; type: string; default?: unknown };
  // The modules `firebase deploy` resolves params with, and the params the built functions declare (npm test builds first).
  const fromRoot = createRequire(join(ROOT, 'package.json'));
  const firebaseTools = (module: string) => fromRoot(`firebase-tools/lib/${module}`);
  const { resolveParams } = firebaseTools('deploy/functions/params');
  const { envWithTypes } = firebaseTools('deploy/functions/build');
  const { loadUserEnvs, parse } = firebaseTools('functions/env');
  const fromFunctions = createRequire(join(ROOT, 'functions/lib/config.js'));
  fromFunctions('./config.js');
  const declared: Spec[] = fromFunctions('firebase-functions/params').declaredParams.map((p: { toSpec: () => Spec }) =>
    p.toSpec(),
  );
  const params = declared.filter((p) => p.type !== 'secret');

  /** resolveParams as prepare.js calls it for a deploy without a terminal; what it resolved, by name. */
  async function resolveAsDeploy(functionsSource: string) {
    const userEnvs = loadUserEnvs({ functionsSource, projectId: PROJECT, projectDir: root });
    const { paramValues } = await resolveParams({
      params,
      firebaseConfig: { projectId: PROJECT },
      userEnvs: envWithTypes(params, userEnvs),
      codebase: 'default',
      nonInteractive: true,
    });
    return Object.fromEntries(params.map((p) => [p.name, String(paramValues[p.name])]));
  }

  it('the code declares the params that have defaults, which a deploy without a terminal does not use', () => {
    expect(params.filter((p) => p.default !== undefined).map((p) => p.name)).toEqual(
      expect.arrayContaining(['PREAPPROVAL_API_BASE', 'RECEIVE_MONEY_API_BASE']),
    );
  });

  it('when the project is well formed, then firebase-tools resolves every param from its file, with no prompt', async () => {
    const resolved = await resolveAsDeploy(join(root, 'functions'));
    expect(Object.keys(resolved).sort()).toEqual(params.map((p) => p.name).sort());
    expect(resolved).toMatchObject({
      PREAPPROVAL_API_BASE: 'https://preapproval.hubtel.com/api/v2/merchant',
      USSD_SHORTCODE: '*713*4455#',
      APP_CHECK_ENFORCED: 'true',
    });
    expect(deployCheck('--only', 'functions').problems).toEqual([]);
  });

  it('when a param with a default is left out, then firebase-tools stops, and deploy:check says so first', async () => {
    edit(`functions/.env.${PROJECT}`, (text) => text.replace(/^RECEIVE_MONEY_API_BASE=.*\n/m, ''));
    await expect(resolveAsDeploy(join(root, 'functions'))).rejects.toThrow(
      'In non-interactive mode but have no value for the following environment variables: RECEIVE_MONEY_API_BASE',
    );
    expect(deployCheck('--only', 'functions').problems).toEqual([
      expect.stringMatching(/^✘ Param RECEIVE_MONEY_API_BASE is not set for clinic-example in functions\/\.env\.clinic-example:/),
    ]);
  });

  it('functions/.env.example names every param the code declares, so a copy of it leaves firebase-tools nothing to ask', () => {
    const { envs, errors } = parse(readFileSync(join(ROOT, 'functions/.env.example'), 'utf8'));
    expect(errors).toEqual([]);
    expect(params.map((p) => p.name).filter((name) => !(name in envs))).toEqual([]);
    expect(envs.USSD_SHORTCODE).toMatch(/^<.*#>$/);
  });
});

describe("what --online makes of Secret Manager's answers", () => {
  it.each([
    [200, { state: 'ENABLED' }, { ok: true }],
    [200, { state: 'DISABLED' }, { ok: false, missing: true, problem: 'its latest version is DISABLED.' }],
    [404, { error: { message: 'Secret [x] not found or has no versions.' } }, { ok: false, missing: true, problem: 'Secret Manager has no version.' }],
    [403, { error: { message: 'Secret Manager API has not been used in project 1 before or it is disabled.' } }, { ok: false, missing: false, problem: "the Secret Manager API is not enabled (docs/operations.md, 'Project, billing, APIs and sign-ins')." }],
    [403, { error: { message: "Permission 'secretmanager.versions.get' denied" } }, { ok: false, missing: false, problem: "the signed-in account may not read it (403: Permission 'secretmanager.versions.get' denied); it needs Secret Manager Viewer (Secret Accessor for TURN_SHARED_SECRET)." }],
  ])('when it answers %i %j, then it says %j', (status, data, said) => {
    expect(esm('scripts/lib/secret-manager.mjs', `m.readAnswer(${status}, ${JSON.stringify(data)}, false)`)).toEqual(said);
  }); // prettier-ignore
});

describe('the Content-Security-Policy per environment', () => {
  const directives = (csp: string): Record<string, string[]> =>
    Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter(([name]) => name)
        .map(([name, ...sources]) => [name, sources]),
    );
  const production = directives(cspOf(JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8'))).value);
  const emulators = JSON.parse(readFileSync(join(ROOT, 'deploy/emulators-csp.json'), 'utf8')) as Record<string, string[]>;
  const LOCAL = /127\.0\.0\.1|localhost|^http:/;

  it("production (firebase.json) allows no local origin and frames the payment provider's checkout", () => {
    expect(
      Object.values(production)
        .flat()
        .filter((source) => LOCAL.test(source)),
    ).toEqual([]);
    expect(production['frame-src']).toContain('https://pay.hubtel.com');
  });

  it('production reaches Firebase Auth, Firestore (video visits) and App Check, and loads reCAPTCHA Enterprise', () => {
    expect(production['connect-src']).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        'https://firestore.googleapis.com',
        'https://content-firebaseappcheck.googleapis.com',
      ]),
    );
    expect(production['script-src']).toEqual([
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ]);
    expect(production['frame-src']).toContain('https://www.google.com/recaptcha/');
  });

  it('the site as built (web/dist, which npm test builds first) contacts nothing the production policy would block', () => {
    const assets = join(ROOT, 'web/dist/assets');
    const dir = mkdtempSync(join(tmpdir(), 'built-'));
    const bundle = join(dir, 'all.js');
    writeFileSync(
      bundle,
      readdirSync(assets)
        .filter((file) => file.endsWith('.js'))
        .map((file) => readFileSync(join(assets, file), 'utf8'))
        .join('\n'),
    );
    try {
      const contacted = esm('scripts/lib/hosting-config.mjs', `m.contactedOrigins((await import('node:fs')).readFileSync(${JSON.stringify(bundle)}, 'utf8'))`) as { directive: string; url: string }[]; // prettier-ignore
      expect(contacted).toEqual(expect.arrayContaining([{ directive: 'connect-src', url: 'https://firestore.googleapis.com' }]));
      const blocked = esm('scripts/lib/hosting-config.mjs', `${JSON.stringify(contacted)}.filter(({ directive, url }) => !m.cspAllows(${JSON.stringify(production)}[directive] ?? [], url))`); // prettier-ignore
      expect(blocked).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the emulators get the sandbox frame and the Auth and Firestore emulators, and otherwise the same protections', () => {
    expect(emulators['frame-src']).toEqual(["'self'", 'http://127.0.0.1:5005']);
    expect(emulators['connect-src']).toEqual(expect.arrayContaining(['http://127.0.0.1:9099', 'http://127.0.0.1:8080']));
    for (const name of [
      'default-src',
      'style-src',
      'img-src',
      'font-src',
      'frame-ancestors',
      'base-uri',
      'form-action',
      'object-src',
    ])
      expect(emulators[name]).toEqual(production[name]);
  });
});
