// @ts-check
// What a web build for a Firebase project needs from web/.env.<project-id> (web/.env.example
// names each). vite.config.ts refuses such a build without them, and `npm run deploy:check`
// reads the same list, so a site built for the emulators never goes live.

/** The build mode of the local stack: web/.env.emulators, the demo project on the emulators. */
export const EMULATORS_MODE = 'emulators';

export const PRODUCTION_ENV_VARS = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_APP_ID',
  'VITE_RECAPTCHA_ENTERPRISE_SITE_KEY',
];

/**
 * What is wrong with a project's web variables, one sentence each (none when complete).
 * @param {Record<string, string | undefined>} vars
 * @param {string} project the build's mode: the Firebase project id
 */
export function productionEnvProblems(vars, project) {
  const file = `web/.env.${project}`;
  const problems = [];
  const missing = PRODUCTION_ENV_VARS.filter((name) => !vars[name]?.trim());
  if (missing.length) problems.push(`${file} does not set ${missing.join(', ')} (see web/.env.example).`);
  if (vars.VITE_USE_EMULATORS === 'true')
    problems.push(`${file} sets VITE_USE_EMULATORS: that build would talk to the emulators.`);
  const projectId = vars.VITE_FIREBASE_PROJECT_ID ?? '';
  if (projectId.startsWith('demo-') || vars.VITE_FIREBASE_API_KEY === 'demo-api-key')
    problems.push(`${file} names the emulators' demo project, not a real one.`);
  else if (projectId && projectId !== project) problems.push(`${file} is for project ${projectId}, not ${project}.`);
  return problems;
}
