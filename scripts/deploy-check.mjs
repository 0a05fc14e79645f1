// @ts-check
// `npm run deploy:check -- --project <id>`: is this repository ready to `firebase deploy` to that
// project? Offline, from the files the repo holds (docs/operations.md), with firebase-tools' own
// code where it has some. Prints one line per problem and exits 1, or one line saying it is ready.
//   --only functions|hosting   the part a predeploy hook of firebase.json checks
//   --root <dir>               another checkout (the tests' fixtures)
//   --online                   ask Secret Manager (as the signed-in account: application-default
//                              credentials) instead of reading deploy/secrets.<id>, and try a
//                              TURN allocation with a credential minted from TURN_SHARED_SECRET
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { EMULATORS_MODE, productionEnvProblems } from '../web/build-env.mjs';
import { functionsLockProblems, readJson } from './lib/functions-lock.mjs';
import { contactedOrigins, cspAllows, isLocalSource, productionCsp } from './lib/hosting-config.mjs';
import { ROOT } from './lib/install.mjs';

const require = createRequire(import.meta.url);
/** @type {{ guardVersionSupport: (runtime: string) => void, isRuntime: (runtime: string) => boolean }} */
const runtimes = require('firebase-tools/lib/deploy/functions/runtimes/supported');
/** @type {{ getRuntimeChoice: (sourceDir: string, runtime?: string) => string }} */
const runtimeChoice = require('firebase-tools/lib/deploy/functions/runtimes/node/parseRuntimeAndValidateSDK');
/** @type {{ parse: (data: string) => { envs: Record<string, string>, errors: string[] } }} */
const dotenv = require('firebase-tools/lib/functions/env');
const { values } = parseArgs({
  options: {
    project: { type: 'string' },
    root: { type: 'string', default: ROOT },
    only: { type: 'string' },
    online: { type: 'boolean', default: false },
  },
});
const project = values.project ?? '';
const root = /** @type {string} */ (values.root);
const parts = new Set(values.only ? [values.only] : ['functions', 'hosting']);
if (!project) {
  console.error('Usage: npm run deploy:check -- --project <firebase-project-id> [--only functions|hosting] [--online]');
  process.exit(2);
}
if (values.only && !['functions', 'hosting'].includes(values.only)) {
  console.error(`--only takes functions or hosting, not ${values.only}.`);
  process.exit(2);
}

/** @type {string[]} */
const problems = [];
const fail = (/** @type {string} */ line) => problems.push(line);
const at = (/** @type {string[]} */ ...path) => join(root, ...path);

/** The examples' blanks: text in angle brackets that is not a mail address (`<the site's domain>`). */
const PLACEHOLDER = /<[^<>@]*>/;
/** This machine, with or without a scheme or port: `127.0.0.1:9099`, `http://localhost`, `turn:[::1]`. */
const LOCAL_HOST = /(^|[\s/@,=:])(localhost|127(\.\d{1,3}){3}|0\.0\.0\.0|\[::1\])(?=$|[\s/:,?])/i;

/**
 * A dotenv file as firebase-tools reads it, with a problem for each value left a placeholder or
 * pointing at this machine; {} when absent.
 * @param {string} path
 * @returns {Record<string, string>}
 */
function readEnv(path) {
  if (!existsSync(path)) return {};
  const { envs, errors } = dotenv.parse(readFileSync(path, 'utf8'));
  for (const line of errors) fail(`${relative(root, path)} has a line firebase-tools cannot read: ${line}`);
  for (const [name, value] of Object.entries(envs)) {
    const placeholder = PLACEHOLDER.exec(value)?.[0];
    if (placeholder) fail(`${relative(root, path)} still has the example's ${placeholder} in ${name}: fill it in.`);
    else if (LOCAL_HOST.test(value)) fail(`${name} points at a local address (${value}) in ${relative(root, path)}.`);
  }
  return envs;
}

/** @type {import('./lib/hosting-config.mjs').FirebaseConfig & { functions?: { source?: string, runtime?: string }[], firestore?: { location?: string } }} */
const firebase = readJson(at('firebase.json'));

if (project.startsWith('demo-')) fail(`${project} is a demo project id: firebase deploy never reaches production with it.`);

// ---- Functions: runtime, lockfile, params, secrets -------------------------------------------

/** The secrets the functions read (the mail sender's SMTP server and account among them), to be set in Secret Manager. */
const secrets = new Set();
/** The TURN servers the API hands out (functions/.env.<id>), tried with --online. */
let turnUrls = /** @type {string[]} */ ([]);
/** The built functions (functions/lib): the params they declare, their region, how they mint TURN credentials. */
const built = at('functions', 'lib', 'index.js');
const fromFunctions = existsSync(built) ? createRequire(realpathSync(built)) : undefined;

if (parts.has('functions')) {
  for (const codebase of firebase.functions ?? []) {
    const source = at(codebase.source ?? 'functions');
    let runtime = '';
    try {
      runtime = runtimeChoice.getRuntimeChoice(source, codebase.runtime);
      if (!runtimes.isRuntime(runtime)) throw new Error(`${runtime} is not a runtime firebase-tools knows.`);
      runtimes.guardVersionSupport(runtime);
    } catch (err) {
      fail(`The functions' runtime would be refused by firebase deploy: ${/** @type {Error} */ (err).message}`);
    }
    const engines = readJson(join(source, 'package.json')).engines?.node;
    if (runtime && engines && `nodejs${engines}` !== runtime)
      fail(`The functions' runtime is ${runtime} in firebase.json but engines.node is ${engines} in their package.json.`);
  }
  for (const line of functionsLockProblems(root)) fail(line);

  if (!fromFunctions) fail('functions/lib is not built: run npm run build -w functions.');
  else {
    // The params and secrets the code declares (functions/src/config.ts), as firebase-tools discovers them.
    fromFunctions(realpathSync(built));
    /** @type {{ declaredParams: { name: string, toSpec: () => { type?: string, default?: unknown } }[] }} */
    const { declaredParams } = fromFunctions('firebase-functions/params');
    const envFile = `functions/.env.${project}`;
    const envs = { ...readEnv(at('functions', '.env')), ...readEnv(at(envFile)) };
    if (!existsSync(at(envFile))) fail(`${envFile} is missing: copy functions/.env.example and fill it in.`);
    for (const param of declaredParams) {
      const spec = param.toSpec();
      if (spec.type === 'secret') {
        secrets.add(param.name);
        continue;
      }
      if (envs[param.name] === undefined && spec.default === undefined)
        fail(`Param ${param.name} is not set for ${project} (${envFile}; functions/.env.example says what it is).`);
    }
    if (envs.APP_CHECK_ENFORCED !== undefined && envs.APP_CHECK_ENFORCED !== 'true')
      fail(`APP_CHECK_ENFORCED is ${envs.APP_CHECK_ENFORCED} in ${envFile}: the API would take writes from any client.`);
    if (declaredParams.some((p) => p.name === 'VPC_CONNECTOR') && !envs.VPC_CONNECTOR)
      fail(`VPC_CONNECTOR is not set in ${envFile}: without the static IP (ops/network.sh) the status API answers nothing.`);
    turnUrls = (envs.TURN_URLS ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean);
    if (!turnUrls.length)
      fail(
        `TURN_URLS is not set in ${envFile}: many video visits on mobile data never connect without a relay (docs/operations.md, 'TURN').`,
      );
    for (const url of turnUrls.filter((u) => !PLACEHOLDER.test(u)))
      if (!/^turns?:[^:?/\s]+(:\d+)?(\?transport=(udp|tcp))?$/.test(url))
        fail(`TURN_URLS has ${url} in ${envFile}, not a turn: or turns: address (turns:host:443?transport=tcp).`);
    if (turnUrls.length && !turnUrls.some((url) => url.startsWith('turns:')))
      fail(`TURN_URLS has no turns: (TLS) address in ${envFile}: networks that allow only HTTPS would get no relay.`);
  }
}

// ---- Firestore -------------------------------------------------------------------------------

if (parts.has('functions') && !firebase.firestore?.location)
  fail('firebase.json sets no Firestore location: a first deploy would create the database in nam5 (US).');

// ---- Secrets ---------------------------------------------------------------------------------

if (secrets.size && values.online) await checkOnline([...secrets].sort());
else if (secrets.size) {
  const listFile = `deploy/secrets.${project}`;
  const listed = existsSync(at(listFile))
    ? readFileSync(at(listFile), 'utf8')
        .split('\n')
        .map((line) => line.replace(/#.*/, '').trim())
        .filter(Boolean)
    : [];
  for (const name of [...secrets].sort())
    if (!listed.includes(name))
      fail(`Secret ${name} is not set for ${project} (not listed in ${listFile}; docs/operations.md says how to set it).`);
}

/**
 * Asks Secret Manager, as the signed-in account, for each secret's latest version; then tries
 * each TURN server with a credential minted from TURN_SHARED_SECRET as the API would mint it.
 * @param {string[]} names
 */
async function checkOnline(names) {
  const { signIn, secretState } = await import('./lib/secret-manager.mjs');
  const { turnAllocate } = await import('./lib/turn-probe.mjs');
  const session = await signIn();
  if ('error' in session) {
    fail(
      `Not signed in to Google Cloud, so no secret was checked (${session.error}): run gcloud auth application-default login (docs/operations.md, 'Project, billing, APIs and sign-ins').`,
    );
    return;
  }
  for (const name of names) {
    const state = await secretState(session, project, name);
    if (state.ok) continue;
    if (state.missing)
      fail(
        `Secret ${name} is not set for ${project} (${state.problem.replace(/\.$/, '')}; docs/operations.md says how to set it).`,
      );
    else fail(`Secret ${name} of ${project} could not be checked: ${state.problem}`);
  }
  if (!turnUrls.length || !names.includes('TURN_SHARED_SECRET') || !fromFunctions) return;
  const value = await secretState(session, project, 'TURN_SHARED_SECRET', { access: true });
  if (!value.ok || value.value === undefined) return; // said above
  /** @type {{ turnCredential: (secret: string, uid: string, expiresAt: Date) => { username: string, credential: string } }} */
  const { turnCredential } = fromFunctions(join(dirname(realpathSync(built)), 'services', 'visits', 'ice-servers.js'));
  // Valid for the check's few seconds only (a join's lasts until its room closes).
  const minted = turnCredential(value.value, 'deploy-check', new Date(Date.now() + 10 * 60_000));
  for (const url of turnUrls) {
    try {
      await turnAllocate(url, minted);
    } catch (err) {
      fail(
        `TURN server ${url} gave no relay for a credential minted from TURN_SHARED_SECRET: ${/** @type {Error} */ (err).message}`,
      );
    }
  }
}

// ---- Hosting: the production CSP and the web build -----------------------------------------

if (parts.has('hosting')) {
  const csp = productionCsp(firebase);
  if (!csp) fail("firebase.json has no Content-Security-Policy for '**'.");
  else {
    const local = Object.entries(csp).flatMap(([name, sources]) => sources.filter(isLocalSource).map((s) => `${s} in ${name}`));
    if (local.length) fail(`The production CSP (firebase.json) allows local origins: ${local.join(', ')}.`);
  }
  const productionPolicy = csp ?? {};

  const webEnvFile = at('web', `.env.${project}`);
  const web = readEnv(webEnvFile);
  if (!existsSync(webEnvFile)) fail(`web/.env.${project} is missing: copy web/.env.example and fill it in.`);
  else for (const line of productionEnvProblems(web, project)) fail(line);

  const assets = at('web', 'dist', 'assets');
  const scripts = existsSync(assets) ? readdirSync(assets).filter((f) => f.endsWith('.js')) : [];
  if (!scripts.length) fail(`web/dist is not built: run WEB_ENV=${project} npm run build -w web.`);
  else {
    const text = scripts.map((f) => readFileSync(join(assets, f), 'utf8')).join('\n');
    const emulatorConfig = readEnv(at('web', `.env.${EMULATORS_MODE}`)).VITE_FIREBASE_API_KEY ?? 'demo-api-key';
    if (text.includes(emulatorConfig))
      fail(`web/dist is a build for the emulators (${emulatorConfig}): run WEB_ENV=${project} npm run build -w web.`);
    else if (web.VITE_FIREBASE_API_KEY && !text.includes(web.VITE_FIREBASE_API_KEY))
      fail(`web/dist was not built from web/.env.${project}: run WEB_ENV=${project} npm run build -w web.`);
    const refused = contactedOrigins(text).filter(({ directive, url }) => !cspAllows(productionPolicy[directive] ?? [], url));
    if (csp && refused.length)
      fail(
        `The production CSP (firebase.json) would block what the built site contacts: ${refused.map(({ directive, url }) => `${url} (${directive})`).join(', ')}.`,
      );
  }
}

if (problems.length) {
  for (const line of problems) console.log(`✘ ${line}`);
  console.log(`deploy:check: ${project} is not ready to deploy (${problems.length} problem${problems.length > 1 ? 's' : ''}).`);
  process.exit(1);
}
console.log(`deploy:check: ${project} is ready to deploy${values.only ? ` (${values.only})` : ''}.`);
