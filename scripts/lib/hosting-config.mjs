// @ts-check
// The Content-Security-Policy per environment. Hosting serves headers from its config file, so:
// firebase.json holds the production policy (what `firebase deploy` sends live), and the local
// stack runs the emulators on firebase.emulators.json, written here at every start from
// firebase.json with the emulators' policy (deploy/emulators-csp.json) in its place and the
// deploy-only parts (extensions, predeploy builds) left out. docs/operations.md explains both.
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

/** A source only this machine can serve: loopback, or plain http (the emulators, the sandbox). */
export const isLocalSource = (/** @type {string} */ source) =>
  /^(https?|wss?):\/\/(localhost|127\.|\[::1\]|0\.0\.0\.0)/i.test(source) || /^(http|ws):/i.test(source);

/**
 * @typedef {{ source?: string, regex?: string, headers: { key: string, value: string }[] }} HeaderRule
 * @typedef {{ hosting?: { headers?: HeaderRule[], predeploy?: unknown }, functions?: { predeploy?: unknown }[], extensions?: object, [key: string]: unknown }} FirebaseConfig
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
  // The emulators print mails (npm start) instead of running the Trigger Email extension, and build nothing.
  delete config.extensions;
  if (config.hosting) delete config.hosting.predeploy;
  for (const fn of config.functions ?? []) delete fn.predeploy;
  writeFileSync(join(root, EMULATOR_CONFIG), `${JSON.stringify(config, null, 2)}\n`);
  return EMULATOR_CONFIG;
}
