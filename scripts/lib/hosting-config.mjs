// @ts-check
// The Content-Security-Policy per environment. Hosting serves headers from its config file, so:
// firebase.json holds the production policy (what `firebase deploy` sends live), and the local
// stack runs the emulators on firebase.emulators.json, written here at every start from
// firebase.json with the emulators' policy (deploy/emulators-csp.json) in its place and the
// deploy-only parts (the predeploy builds) left out. docs/operations.md explains both.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file the emulators read (git ignores it: it is made from firebase.json at each start). */
export const EMULATOR_CONFIG = 'firebase.emulators.json';

const CSP = 'Content-Security-Policy';

/** @typedef {Record<string, string[]>} Directives */

/** @param {Directives} directives */
export const renderCsp = (directives) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');

/**
 * @param {string} csp
 * @returns {Directives}
 */
export const parseCsp = (csp) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );

/** A source only this machine can serve: loopback with or without a scheme, or plain http (the emulators, the sandbox). */
export const isLocalSource = (/** @type {string} */ source) =>
  /^((https?|wss?):\/\/)?(localhost|127\.|\[::1\]|0\.0\.0\.0)/i.test(source) || /^(http|ws):/i.test(source);

/**
 * Whether a CSP source list lets the page reach `url` (CSP3 source matching, as far as the
 * production policy uses it: 'self' never matches another origin, a host may start with `*.`,
 * a path ending in `/` matches what lies under it).
 * @param {string[]} sources
 * @param {string} url
 */
export function cspAllows(sources, url) {
  const target = new URL(url);
  return sources.some((source) => {
    const match = /^(https?:)\/\/(\*\.)?([^/:]+)(:\d+)?(\/.*)?$/i.exec(source);
    if (!match) return false;
    const [, scheme, wildcard, host, port, path] = match;
    if (scheme.toLowerCase() !== target.protocol) return false;
    if (wildcard ? !target.hostname.endsWith(`.${host}`) : target.hostname !== host.toLowerCase()) return false;
    if ((port ?? '') !== (target.port ? `:${target.port}` : '')) return false;
    if (!path || path === '/') return true;
    return path.endsWith('/') ? target.pathname.startsWith(path) : target.pathname === path;
  });
}

/**
 * The sources a directive of `policy` allows, with CSP3's fallbacks: a policy without frame-src
 * uses child-src, then default-src; without connect-src or script-src, default-src.
 * @param {Directives} policy
 * @param {string} directive
 */
export function effectiveSources(policy, directive) {
  const chain = directive === 'frame-src' ? ['frame-src', 'child-src', 'default-src'] : [directive, 'default-src'];
  const found = chain.find((name) => policy[name]);
  return found ? policy[found] : [];
}

/**
 * The payment provider's checkout, which the site shows in a frame (its checkoutDirectUrl,
 * docs/money.md): the production policy's frame-src must allow it. The page makes no request of
 * its own to it (the API starts each checkout), so connect-src needs nothing for it.
 */
export const CHECKOUT_ORIGIN = 'https://pay.hubtel.com';

/**
 * Hosts the Firebase SDK names in a build but never calls for this site: Auth's staging and
 * test back ends (Google's own test tenants).
 */
const UNUSED_HOSTS = /\.sandbox\.googleapis\.com$/;

/**
 * Scripts the SDK can load that this site never asks for: Auth's popup and redirect sign-in
 * (apis.google.com) and its phone-number verifier (reCAPTCHA v2): the site signs in by e-mail
 * and password only (docs/security.md).
 */
const UNUSED_SCRIPTS = new Set(['https://apis.google.com/js/api.js', 'https://www.google.com/recaptcha/api.js']);

/**
 * What the built app contacts, read from its JavaScript: every Google API host the SDK calls
 * (it names most without a scheme, e.g. `firestore.googleapis.com`) for connect-src, and every
 * script it loads by address (reCAPTCHA Enterprise for App Check) for script-src.
 * @param {string} js the build's JavaScript, all files together
 * @returns {{ directive: 'connect-src' | 'script-src', url: string }[]}
 */
export function contactedOrigins(js) {
  const hosts = new Set(js.match(/\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.googleapis\.com\b/g) ?? []);
  const scripts = new Set([...js.matchAll(/https:\/\/[a-z0-9.-]+\/[\w./-]*\.js\b/g)].map(([url]) => url));
  return [
    ...[...hosts]
      .filter((host) => !UNUSED_HOSTS.test(host))
      .sort()
      .map((host) => ({ directive: /** @type {const} */ ('connect-src'), url: `https://${host}` })),
    ...[...scripts]
      .filter((url) => !UNUSED_SCRIPTS.has(url))
      .sort()
      .map((url) => ({ directive: /** @type {const} */ ('script-src'), url })),
  ];
}

/**
 * @typedef {{ source?: string, regex?: string, headers: { key: string, value: string }[] }} HeaderRule
 * @typedef {{ hosting?: { headers?: HeaderRule[], predeploy?: unknown }, functions?: { predeploy?: unknown }[], [key: string]: unknown }} FirebaseConfig
 */

/** The CSP header every path gets (the `**` rule). */
function cspHeader(/** @type {FirebaseConfig} */ config) {
  const rule = config.hosting?.headers?.find((r) => r.source === '**' && r.headers.some((h) => h.key === CSP));
  return rule?.headers.find((h) => h.key === CSP);
}

/** The production policy, as firebase.json serves it; undefined when none is set. */
export function productionCsp(/** @type {FirebaseConfig} */ config) {
  const header = cspHeader(config);
  return header && parseCsp(header.value);
}

/** @param {string} root */
export const readEmulatorCsp = (root) =>
  /** @type {Directives} */ (JSON.parse(readFileSync(join(root, 'deploy', 'emulators-csp.json'), 'utf8')));

/**
 * Writes firebase.emulators.json beside firebase.json (firebase-tools takes the directory of
 * the config file as the project's) and returns its name, for `--config`.
 * @param {string} root
 */
export function writeEmulatorConfig(root) {
  /** @type {FirebaseConfig} */
  const config = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
  const header = cspHeader(config);
  if (!header) throw new Error(`firebase.json has no ${CSP} header for '**'.`);
  header.value = renderCsp(readEmulatorCsp(root));
  // The emulators build nothing.
  if (config.hosting) delete config.hosting.predeploy;
  for (const fn of config.functions ?? []) delete fn.predeploy;
  writeFileSync(join(root, EMULATOR_CONFIG), `${JSON.stringify(config, null, 2)}\n`);
  return EMULATOR_CONFIG;
}
