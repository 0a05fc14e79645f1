// @ts-check
// `npm run deploy:check -- --project <id>`: is this repository ready to `firebase deploy` to that
// project? Offline, from the files the repo holds (docs/operations.md), with firebase-tools' own
// code where it has some. Prints one line per problem and exits 1, or one line saying it is ready.
//   --build                    first build the functions and the site for the project, as the
//                              deploy will (npm run deploy:check passes it: a fresh clone has neither)
//   --only functions|hosting   the part a predeploy hook of firebase.json checks
//   --root <dir>               another checkout (the tests' fixtures)
//   --online                   ask Secret Manager (as the signed-in account: application-default
//                              credentials) instead of reading deploy/secrets.<id>, and try a
//                              TURN allocation with a credential minted from TURN_SHARED_SECRET
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { EMULATORS_MODE, productionEnvProblems } from '../web/build-env.mjs';
import { functionsLockProblems, readJson } from './lib/functions-lock.mjs';
import {
  CHECKOUT_ORIGIN,
  contactedOrigins,
  cspAllows,
  effectiveSources,
  isLocalSource,
  productionCsp,
} from './lib/hosting-config.mjs';
import { ROOT } from './lib/install.mjs';

const require = createRequire(import.meta.url);
/** @type {{ guardVersionSupport: (runtime: string) => void, isRuntime: (runtime: string) => boolean }} */
const runtimes = require('firebase-tools/lib/deploy/functions/runtimes/supported');
/** @type {{ getRuntimeChoice: (sourceDir: string, runtime?: string) => string }} */
const runtimeChoice = require('firebase-tools/lib/deploy/functions/runtimes/node/parseRuntimeAndValidateSDK');
/**
 * firebase-tools' dotenv reading: `parse` line by line (an unquoted # starts a comment), and
 * `loadUserEnvs`, the functions' .env and .env.<project> as `firebase deploy` loads them.
 * @type {{
 *   parse: (data: string) => { envs: Record<string, string>, errors: string[] },
 *   loadUserEnvs: (opts: { functionsSource: string, projectId: string, projectDir: string }) => Record<string, string>,
 * }}
 */
const dotenv = require('firebase-tools/lib/functions/env');
/**
 * firebase-tools' param resolution (deploy/functions/params.js), with the typing of the user's
 * values its deploy applies first (deploy/functions/build.js).
 * @typedef {{ name: string, type?: string, default?: unknown }} ParamSpec
 * @type {{ resolveParams: (opts: { params: ParamSpec[], firebaseConfig: { projectId: string }, userEnvs: Record<string, unknown>, codebase: string, nonInteractive: boolean }) => Promise<{ paramValues: Record<string, { toString: () => string }> }> }}
 */
const deployParams = require('firebase-tools/lib/deploy/functions/params');
/** @type {{ envWithTypes: (params: ParamSpec[], envs: Record<string, string>) => Record<string, unknown>, SECRET_REF_PREFIX: string }} */
const deployBuild = require('firebase-tools/lib/deploy/functions/build');
const { values } = parseArgs({
  options: {
    project: { type: 'string' },
    root: { type: 'string', default: ROOT },
    only: { type: 'string' },
    online: { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
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

/**
 * What the examples leave to fill in: text in angle brackets that is not a mail address
 * (`<the site's domain>`), a TODO, or a domain reserved for examples (RFC 2606: example.com,
 * .org, .net, and the .example, .test and .invalid names).
 */
const PLACEHOLDERS = [
  /<[^<>@]*>/,
  /\bTODO\b/i,
  /(?<![\w.-])(?:[\w-]+\.)*(?:example\.(?:com|net|org)|[\w-]+\.(?:example|test|invalid))(?![\w.-])/i,
];
const placeholderIn = (/** @type {string} */ value) => PLACEHOLDERS.map((pattern) => pattern.exec(value)?.[0]).find(Boolean);
/** This machine, with or without a scheme or port: `127.0.0.1:9099`, `http://localhost`, `turn:[::1]`. */
const LOCAL_HOST = /(^|[\s/@,=:])(localhost|127(\.\d{1,3}){3}|0\.0\.0\.0|\[::1\])(?=$|[\s/:,?])/i;
/** A value the lines above already name: its own checks would only repeat them. */
const flagged = (/** @type {string} */ value) => Boolean(placeholderIn(value)) || LOCAL_HOST.test(value);
/** What CI deploys from: .github/workflows/deploy.yml checks out the repository, nothing else. */
const COMMIT_IT = "commit it: CI's deploy has only the repository's files";
/** A USSD service code as people dial it: `*713*4455#`. */
const USSD_CODE = /^\*\d+(\*\d+)*#$/;

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
    const placeholder = placeholderIn(value);
    if (placeholder) fail(`${relative(root, path)} still has the example's ${placeholder} in ${name}: fill it in.`);
    else if (LOCAL_HOST.test(value)) fail(`${name} points at a local address (${value}) in ${relative(root, path)}.`);
  }
  return envs;
}

/** @type {import('./lib/hosting-config.mjs').FirebaseConfig & { functions?: { source?: string, runtime?: string }[], firestore?: { location?: string } }} */
const firebase = readJson(at('firebase.json'));

if (project.startsWith('demo-')) fail(`${project} is a demo project id: firebase deploy never reaches production with it.`);

// ---- Build, as the deploy will ---------------------------------------------------------------

if (values.build) buildForProject();

/**
 * Builds the functions, and the site from web/.env.<id> when that file is complete (the
 * hosting checks below say what it lacks otherwise), for the parts checked; a failed build is
 * one problem, with the build's last words.
 */
function buildForProject() {
  const webEnvFile = at('web', `.env.${project}`);
  const webReady =
    existsSync(webEnvFile) && !productionEnvProblems(dotenv.parse(readFileSync(webEnvFile, 'utf8')).envs, project).length;
  const builds = [
    ...(parts.has('functions')
      ? [{ what: 'npm run build -w functions', args: ['run', 'build', '-w', 'functions'], env: {} }]
      : []),
    ...(webReady && parts.has('hosting')
      ? [{ what: `WEB_ENV=${project} npm run build -w web`, args: ['run', 'build', '-w', 'web'], env: { WEB_ENV: project } }]
      : []),
  ];
  for (const { what, args, env } of builds) {
    console.error(`deploy:check: ${what}`);
    const run = spawnSync('npm', args, { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } });
    if (run.status !== 0) {
      const said = `${run.stdout}\n${run.stderr}`.trim().split('\n').slice(-3).join(' / ');
      fail(`${what} failed (exit ${run.status ?? run.signal}): ${said}`);
    }
  }
}

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
    // The params and secrets the code declares (functions/src/config.ts), as the SDK hands them to firebase-tools.
    fromFunctions(realpathSync(built));
    /** @type {{ declaredParams: { toSpec: () => ParamSpec }[] }} */
    const { declaredParams } = fromFunctions('firebase-functions/params');
    const specs = declaredParams.map((param) => param.toSpec());
    for (const spec of specs) if (spec.type === 'secret') secrets.add(spec.name);
    const envFile = `functions/.env.${project}`;
    if (!existsSync(at(envFile))) fail(`${envFile} is missing: copy functions/.env.example, fill it in and ${COMMIT_IT}.`);
    /** Which file each value comes from, the project's over the shared .env (firebase-tools' order). */
    const fileOf = /** @type {Record<string, string>} */ ({});
    const envs = /** @type {Record<string, string>} */ ({});
    for (const file of ['functions/.env', envFile])
      for (const [name, value] of Object.entries(readEnv(at(file)))) {
        fileOf[name] = file;
        envs[name] = value;
      }
    // Without the project's file every param would be missing: the line above says it once.
    if (existsSync(at(envFile)))
      await resolveAsDeploy(
        specs.filter((spec) => spec.type !== 'secret'),
        envFile,
      );
    checkFunctionsValues(envs, (name) => fileOf[name] ?? envFile);
  }
}

/**
 * Resolves the params as `firebase deploy --non-interactive` (CI) does, with firebase-tools' own
 * loading and resolution: there a param has a value only from the dotenv files, and a default
 * in the code does not count. One problem per param missing, or firebase-tools' own refusal.
 * @param {ParamSpec[]} params the non-secret params (the secrets are checked below, in Secret Manager or its list)
 * @param {string} envFile
 */
async function resolveAsDeploy(params, envFile) {
  /** @type {Record<string, string>} */
  let loaded;
  try {
    loaded = dotenv.loadUserEnvs({ functionsSource: at('functions'), projectId: project, projectDir: root });
  } catch (err) {
    const { message, children = [] } = /** @type {{ message: string, children?: { message: string }[] }} */ (err);
    fail(`firebase deploy cannot read the functions' dotenv files: ${[message, ...children.map((c) => c.message)].join(' ')}`);
    return;
  }
  // The deploy sets FIREBASE_SECRET_REF_* entries aside before resolving (prepare.js partitionUserEnvs).
  const userEnvs = Object.fromEntries(Object.entries(loaded).filter(([name]) => !name.startsWith(deployBuild.SECRET_REF_PREFIX)));
  const missing = params.filter((param) => !Object.hasOwn(userEnvs, param.name));
  for (const param of missing)
    fail(
      `Param ${param.name} is not set for ${project} in ${envFile}: firebase deploy --non-interactive (CI) stops without it${param.default === undefined ? '' : ', whatever its default in functions/src/config.ts'} (functions/.env.example says what it is).`,
    );
  if (missing.length) return;
  try {
    await deployParams.resolveParams({
      params,
      firebaseConfig: { projectId: project },
      userEnvs: deployBuild.envWithTypes(params, userEnvs),
      codebase: 'default',
      nonInteractive: true,
    });
  } catch (err) {
    fail(`firebase deploy --non-interactive would stop on the functions' params: ${/** @type {Error} */ (err).message}`);
  }
}

/**
 * The values that reach patients and providers, read as firebase-tools reads them.
 * @param {Record<string, string>} envs
 * @param {(name: string) => string} fileOf
 */
function checkFunctionsValues(envs, fileOf) {
  for (const [name, value] of Object.entries(envs))
    if (/_(URL|BASE)$/.test(name) && !flagged(value) && !/^https:\/\/[^/\s:]+/.test(value))
      fail(
        `${name} is ${JSON.stringify(value)} in ${fileOf(name)}: it must be an https:// address (links, callback tokens and credentials go to it).`,
      );
  const code = envs.USSD_SHORTCODE ?? '';
  if (code && !flagged(code) && !USSD_CODE.test(code))
    fail(
      `USSD_SHORTCODE is ${JSON.stringify(code)} as firebase deploy reads ${fileOf('USSD_SHORTCODE')}, not a USSD code (*digits(*digits)*#, e.g. *713*4455#)${/^\*[\d*]*$/.test(code) ? `: unquoted, # starts a comment, so write USSD_SHORTCODE="${code}#"` : ''}.`,
    );
  if (envs.APP_CHECK_ENFORCED !== undefined && envs.APP_CHECK_ENFORCED !== 'true')
    fail(
      `APP_CHECK_ENFORCED is ${envs.APP_CHECK_ENFORCED} in ${fileOf('APP_CHECK_ENFORCED')}: the API would take writes from any client.`,
    );
  if (envs.VPC_CONNECTOR === '')
    fail(
      `VPC_CONNECTOR is empty in ${fileOf('VPC_CONNECTOR')}: without the static IP (ops/network.sh) the status API answers nothing.`,
    );

  const list = (/** @type {string | undefined} */ value) =>
    (value ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean);
  turnUrls = list(envs.TURN_URLS);
  const turnFile = fileOf('TURN_URLS');
  if (envs.TURN_URLS !== undefined && !turnUrls.length)
    fail(
      `TURN_URLS is empty in ${turnFile}: many video visits on mobile data never connect without a relay (docs/operations.md, 'TURN').`,
    );
  for (const url of turnUrls.filter((u) => !flagged(u))) {
    if (!/^turns?:[^:?/\s]+(:\d+)?(\?transport=(udp|tcp))?$/.test(url))
      fail(`TURN_URLS has ${url} in ${turnFile}, not a turn: or turns: address (turns:host:443?transport=tcp).`);
    else if (url.startsWith('turns:') && url.endsWith('?transport=udp'))
      fail(
        `TURN_URLS has ${url} in ${turnFile}: turns: is TLS, which runs over TCP, not ?transport=udp (turns:host:443?transport=tcp).`,
      );
  }
  if (turnUrls.length && !turnUrls.some((url) => url.startsWith('turns:')))
    fail(`TURN_URLS has no turns: (TLS) address in ${turnFile}: networks that allow only HTTPS would get no relay.`);
  for (const url of list(envs.STUN_URLS).filter((u) => !flagged(u)))
    if (!/^stuns?:[^:?/\s]+(:\d+)?$/.test(url))
      fail(`STUN_URLS has ${url} in ${fileOf('STUN_URLS')}, not a stun: address (stun:host:3478, no ?transport).`);
}

// ---- Firestore -------------------------------------------------------------------------------

if (parts.has('functions') && !firebase.firestore?.location)
  fail('firebase.json sets no Firestore location: a first deploy would create the database in nam5 (US).');

// ---- Secrets ---------------------------------------------------------------------------------

if (secrets.size && values.online) await checkOnline([...secrets].sort());
else if (secrets.size) {
  const listFile = `deploy/secrets.${project}`;
  if (!existsSync(at(listFile)))
    fail(`${listFile} is missing: copy deploy/secrets.example, take the TODO off each secret you set, and ${COMMIT_IT}.`);
  else {
    const lines = readFileSync(at(listFile), 'utf8')
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter(Boolean);
    for (const name of [...secrets].sort()) {
      const line = lines.find((l) => l.split(/\s+/).includes(name));
      const placeholder = line && placeholderIn(line);
      if (placeholder)
        fail(
          `${listFile} still has the example's ${placeholder} on ${name}: set the secret (docs/operations.md, 'Params and secrets'), then take the ${placeholder} off.`,
        );
      else if (line !== name)
        fail(`Secret ${name} is not set for ${project} (not listed in ${listFile}; docs/operations.md says how to set it).`);
    }
  }
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
  if (csp && !cspAllows(effectiveSources(csp, 'frame-src'), CHECKOUT_ORIGIN))
    fail(
      `The production CSP (firebase.json) does not let the site frame the payment checkout: frame-src lacks ${CHECKOUT_ORIGIN}, so no patient could pay.`,
    );

  const webEnvFile = at('web', `.env.${project}`);
  const web = readEnv(webEnvFile);
  const webProblems = existsSync(webEnvFile) ? productionEnvProblems(web, project) : [];
  if (!existsSync(webEnvFile)) fail(`web/.env.${project} is missing: copy web/.env.example, fill it in and ${COMMIT_IT}.`);
  else for (const line of webProblems) fail(line);

  // The build is checked once its config is complete: no build for the project can exist before.
  if (existsSync(webEnvFile) && !webProblems.length) checkWebBuild(web, productionPolicy, Boolean(csp));
}

/**
 * web/dist: built from web/.env.<id>, and contacting nothing the production CSP blocks.
 * @param {Record<string, string>} web the project's web config
 * @param {Record<string, string[]>} policy the production CSP
 * @param {boolean} hasCsp
 */
function checkWebBuild(web, policy, hasCsp) {
  const assets = at('web', 'dist', 'assets');
  const scripts = existsSync(assets) ? readdirSync(assets).filter((f) => f.endsWith('.js')) : [];
  if (!scripts.length) {
    fail(`web/dist is not built: run npm run deploy:check -- --project ${project} (it builds the site).`);
    return;
  }
  const text = scripts.map((f) => readFileSync(join(assets, f), 'utf8')).join('\n');
  const emulatorConfig = readEnv(at('web', `.env.${EMULATORS_MODE}`)).VITE_FIREBASE_API_KEY ?? 'demo-api-key';
  if (text.includes(emulatorConfig))
    fail(`web/dist is a build for the emulators (${emulatorConfig}): run WEB_ENV=${project} npm run build -w web.`);
  else if (web.VITE_FIREBASE_API_KEY && !text.includes(web.VITE_FIREBASE_API_KEY))
    fail(`web/dist was not built from web/.env.${project}: run WEB_ENV=${project} npm run build -w web.`);
  const refused = contactedOrigins(text).filter(({ directive, url }) => !cspAllows(effectiveSources(policy, directive), url));
  if (hasCsp && refused.length)
    fail(
      `The production CSP (firebase.json) would block what the built site contacts: ${refused.map(({ directive, url }) => `${url} (${directive})`).join(', ')}.`,
    );
}

if (problems.length) {
  for (const line of problems) console.log(`✘ ${line}`);
  console.log(`deploy:check: ${project} is not ready to deploy (${problems.length} problem${problems.length > 1 ? 's' : ''}).`);
  process.exit(1);
}
console.log(`deploy:check: ${project} is ready to deploy${values.only ? ` (${values.only})` : ''}.`);
