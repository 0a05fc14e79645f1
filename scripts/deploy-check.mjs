// @ts-check
// `npm run deploy:check -- --project <id>`: is this repository ready to `firebase deploy` to that
// project? Offline, from the files the repo holds (docs/operations.md), with firebase-tools' own
// code where it has some. Prints one line per problem and exits 1, or one line saying it is ready.
//   --only functions|hosting   the part a predeploy hook of firebase.json checks
//   --root <dir>               another checkout (the tests' fixtures)
//   --online                   ask Secret Manager (firebase functions:secrets:get) instead of
//                              reading deploy/secrets.<id>
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { EMULATORS_MODE, productionEnvProblems } from '../web/build-env.mjs';
import { functionsLockProblems, readJson } from './lib/functions-lock.mjs';
import { isLocalSource, productionCsp } from './lib/hosting-config.mjs';
import { ROOT } from './lib/install.mjs';

const require = createRequire(import.meta.url);
/** @type {{ guardVersionSupport: (runtime: string) => void, isRuntime: (runtime: string) => boolean }} */
const runtimes = require('firebase-tools/lib/deploy/functions/runtimes/supported');
/** @type {{ getRuntimeChoice: (sourceDir: string, runtime?: string) => string }} */
const runtimeChoice = require('firebase-tools/lib/deploy/functions/runtimes/node/parseRuntimeAndValidateSDK');
/** @type {{ parse: (data: string) => { envs: Record<string, string>, errors: string[] } }} */
const dotenv = require('firebase-tools/lib/functions/env');

const EXTENSION = 'firestore-send-email';
/** The extension params the site relies on: where to read mail, and how to send it. */
const EXTENSION_REQUIRED = [
  'DATABASE',
  'DATABASE_REGION',
  'MAIL_COLLECTION',
  'SMTP_CONNECTION_URI',
  'SMTP_PASSWORD',
  'DEFAULT_FROM',
];

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
const parts = new Set(values.only ? [values.only] : ['functions', 'hosting', 'extensions']);
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

/**
 * A dotenv file as firebase-tools reads it; {} when absent.
 * @param {string} path
 * @returns {Record<string, string>}
 */
function readEnv(path) {
  if (!existsSync(path)) return {};
  const { envs, errors } = dotenv.parse(readFileSync(path, 'utf8'));
  for (const line of errors) fail(`${relative(root, path)} has a line firebase-tools cannot read: ${line}`);
  return envs;
}

/** @type {import('./lib/hosting-config.mjs').FirebaseConfig & { functions?: { source?: string, runtime?: string }[], firestore?: { location?: string }, extensions?: Record<string, string> }} */
const firebase = readJson(at('firebase.json'));

if (project.startsWith('demo-')) fail(`${project} is a demo project id: firebase deploy never reaches production with it.`);

// ---- Functions: runtime, lockfile, params, secrets -------------------------------------------

/** The secrets the functions and the extension read, to be set in Secret Manager. */
const secrets = new Set();

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

  const built = at('functions', 'lib', 'index.js');
  if (!existsSync(built)) fail('functions/lib is not built: run npm run build -w functions.');
  else {
    // The params and secrets the code declares (functions/src/config.ts), as firebase-tools discovers them.
    const fromFunctions = createRequire(realpathSync(built));
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
      const value = envs[param.name];
      if (value === undefined && spec.default === undefined)
        fail(`Param ${param.name} is not set for ${project} (${envFile}; functions/.env.example says what it is).`);
      else if (value !== undefined && /^https?:\/\//.test(value) && isLocalSource(value))
        fail(`Param ${param.name} points at a local address (${value}) in ${envFile}.`);
    }
    if (envs.APP_CHECK_ENFORCED !== undefined && envs.APP_CHECK_ENFORCED !== 'true')
      fail(`APP_CHECK_ENFORCED is ${envs.APP_CHECK_ENFORCED} in ${envFile}: the API would take writes from any client.`);
    if (declaredParams.some((p) => p.name === 'VPC_CONNECTOR') && !envs.VPC_CONNECTOR)
      fail(`VPC_CONNECTOR is not set in ${envFile}: without the static IP (ops/network.sh) the status API answers nothing.`);
  }
}

// ---- The Trigger Email extension -----------------------------------------------------------

if (parts.has('extensions')) {
  const ref = firebase.extensions?.[EXTENSION];
  if (!ref) fail(`firebase.json declares no ${EXTENSION} extension: no mail would ever be sent.`);
  else if (!/@\d+\.\d+\.\d+$/.test(ref)) fail(`The ${EXTENSION} extension is not pinned to a version in firebase.json (${ref}).`);
  const shared = `extensions/${EXTENSION}.env`;
  const own = `extensions/${EXTENSION}.env.${project}`;
  if (!existsSync(at(shared)) && !existsSync(at(own))) fail(`The ${EXTENSION} extension has no config (${shared}, ${own}).`);
  else {
    const params = { ...readEnv(at(shared)), ...readEnv(at(own)) };
    const missing = EXTENSION_REQUIRED.filter((name) => !params[name]);
    if (missing.length) fail(`The ${EXTENSION} extension's config lacks ${missing.join(', ')} (${own}; see ${shared}.example).`);
    if (params.MAIL_COLLECTION && params.MAIL_COLLECTION !== 'mail')
      fail(`The ${EXTENSION} extension reads ${params.MAIL_COLLECTION}, but the site writes mail to 'mail'.`);
    if (params.DATABASE_REGION && params.DATABASE_REGION !== firebase.firestore?.location)
      fail(
        `The ${EXTENSION} extension's DATABASE_REGION (${params.DATABASE_REGION}) is not the database's location in firebase.json.`,
      );
    const secret = /^projects\/[^/]+\/secrets\/([^/]+)\/versions\/[^/]+$/.exec(params.SMTP_PASSWORD ?? '')?.[1];
    if (params.SMTP_PASSWORD && !secret)
      fail(`The SMTP password must be a Secret Manager reference in ${shared}, never the password.`);
    if (secret) secrets.add(secret);
  }
  if (!firebase.firestore?.location)
    fail('firebase.json sets no Firestore location: a first deploy would create the database in nam5 (US).');
}

// ---- Secrets ---------------------------------------------------------------------------------

if (secrets.size) {
  const listFile = `deploy/secrets.${project}`;
  /** @type {(name: string) => boolean} */
  const isSet = values.online
    ? (name) =>
        spawnSync('npx', ['firebase', 'functions:secrets:get', name, '--project', project], { cwd: root, stdio: 'ignore' })
          .status === 0
    : (() => {
        const listed = existsSync(at(listFile))
          ? readFileSync(at(listFile), 'utf8')
              .split('\n')
              .map((line) => line.replace(/#.*/, '').trim())
              .filter(Boolean)
          : [];
        return (/** @type {string} */ name) => listed.includes(name);
      })();
  for (const name of [...secrets].sort()) {
    if (!isSet(name))
      fail(
        `Secret ${name} is not set for ${project} (${values.online ? 'Secret Manager has no version' : `not listed in ${listFile}`}; docs/operations.md says how to set it).`,
      );
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
  }
}

if (problems.length) {
  for (const line of problems) console.log(`✘ ${line}`);
  console.log(`deploy:check: ${project} is not ready to deploy (${problems.length} problem${problems.length > 1 ? 's' : ''}).`);
  process.exit(1);
}
console.log(`deploy:check: ${project} is ready to deploy${values.only ? ` (${values.only})` : ''}.`);
