/**
 * `npm run deploy:check` as an operator runs it: against a copy of this repository's deploy
 * configuration (firebase.json, the lockfiles, the extension's shared params, the built
 * functions) with one project's files from fixtures/complete, then with one thing broken at a time.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const ROOT = join(__dirname, '../..');
const PROJECT = 'clinic-example';
const REPO_FILES = [
  'firebase.json',
  'package-lock.json',
  'functions/package.json',
  'functions/package-lock.json',
  'extensions/firestore-send-email.env',
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

function deployCheck(...args: string[]) {
  const run = spawnSync(process.execPath, ['scripts/deploy-check.mjs', '--project', PROJECT, '--root', root, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const problems = run.stdout.split('\n').filter((line) => line.startsWith('✘ '));
  return { status: run.status, stdout: run.stdout, problems };
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

  it('when the functions runtime is one firebase-tools refuses, then it fails saying so', () => {
    editJson('firebase.json', (config) => (config.functions[0].runtime = 'nodejs20'));
    const { status, problems } = deployCheck();
    expect(status).toBe(1);
    expect(problems).toEqual([
      expect.stringMatching(/runtime would be refused by firebase deploy: Runtime Node.js 20 was decommissioned on 2026-10-30/),
      "✘ The functions' runtime is nodejs20 in firebase.json but engines.node is 22 in their package.json.",
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

  it('when a param is not set for the project, then it fails naming the param and the file', () => {
    edit(`functions/.env.${PROJECT}`, (text) => text.replace(/^PAYMENT_MERCHANT_ACCOUNT=.*\n/m, ''));
    expect(deployCheck().problems).toEqual([
      `✘ Param PAYMENT_MERCHANT_ACCOUNT is not set for ${PROJECT} (functions/.env.${PROJECT}; functions/.env.example says what it is).`,
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

  it('when the extension is not declared or its project config is missing, then it fails saying what mail lacks', () => {
    editJson('firebase.json', (config) => delete config.extensions);
    rmSync(join(root, `extensions/firestore-send-email.env.${PROJECT}`));
    expect(deployCheck().problems).toEqual([
      '✘ firebase.json declares no firestore-send-email extension: no mail would ever be sent.',
      `✘ The firestore-send-email extension's config lacks SMTP_CONNECTION_URI, DEFAULT_FROM (extensions/firestore-send-email.env.${PROJECT}; see extensions/firestore-send-email.env.example).`,
    ]);
  });

  it('when the functions lockfile is out of step with the tested root lockfile, then it fails', () => {
    editJson('functions/package-lock.json', (lock) => (lock.packages['node_modules/yup'].version = '1.0.0'));
    expect(deployCheck().problems).toEqual([
      expect.stringMatching(/^✘ functions\/package-lock.json has node_modules\/yup 1.0.0, the tested root lockfile 1\.\d+\.\d+/),
    ]);
  });

  it('when everything is wrong at once, then each problem has its own line', () => {
    editJson('firebase.json', (config) => {
      config.functions[0].runtime = 'nodejs18';
      const header = cspOf(config);
      header.value = header.value.replace("connect-src 'self'", "connect-src 'self' http://127.0.0.1:9099");
      delete config.extensions;
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
        expect.stringContaining('declares no firestore-send-email extension'),
      ]),
    );
    expect(stdout).toContain(`deploy:check: ${PROJECT} is not ready to deploy (${problems.length} problems).`);
  });
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
