// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The web's layers, as bulletproof-react draws them: app/ (routes, layouts) may import
 * anything; a feature imports the shared layer (shared/ for the session, patient record,
 * subscription state and payment flow; components/, lib/, content/, @api/*) and its own
 * folder, not another feature's insides; shared code imports no feature. The few edges
 * between features still left are listed here, each with why (docs/architecture.md).
 */
const FEATURES = readdirSync(new URL('./web/src/features', import.meta.url));
/**
 * What every console area may use of staff/, the console's shared place (docs/architecture.md):
 * staff/api holds only the queries and keys more than one area uses.
 */
const CONSOLE_SHARED = [
  './staff/api',
  './staff/components',
  './staff/nav.ts',
  './staff/staff-session.ts',
  './staff/audit-words.ts',
  './staff/days.ts',
  './staff/lifecycle.ts',
  './staff/visits.ts',
];
const ALLOWED_FEATURE_IMPORTS = {
  contact: ['./enquiries/components/lazy-enquiry-modal.tsx'], // Make Enquiries opens from the contact page
  dashboard: [
    './appointments/api/appointments.ts', // the Appointments view lists, books, cancels and deletes
    './appointments/components', // ... with the appointments feature's booking form and detail
    './appointments/appointments.css',
  ],
  packages: ['./enquiries/components/lazy-enquiry-modal.tsx'], // Custom Pricing is an enquiry
  // The console's areas share its layer in staff/ (the session, nav, the queries in staff/api several areas use,
  // common widgets), never each other's insides: each area's own queries sit in its own api/.
  day: CONSOLE_SHARED,
  desk: [
    ...CONSOLE_SHARED,
    './record/components/visit-record-section.tsx', // an appointment's page shows its visit's record (prescribe, lab request, results) ...
    './record/components/complete-visit-dialog.tsx', // ... and completes it with the record's one Complete visit dialog
    './appointments/components/reschedule-dialog.tsx', // Reschedule is the patient's form and picker, on the staff route ...
    './appointments/api/availability.ts', // ... and the move refreshes the free times they showed
    './appointments/components/service-fields.tsx', // "Book for a patient" asks what the patient's own form asks ...
    './appointments/components/booking-frame.tsx', // ... checked on submit the way the patient's form is ...
    './appointments/api/appointments.ts', // ... with its values, catalogs and touched rule
  ],
  money: CONSOLE_SHARED,
  people: CONSOLE_SHARED,
  record: CONSOLE_SHARED,
  // the host completes from the call with the record's Complete visit dialog, and the console's query of the appointment
  visit: ['./record/components/complete-visit-dialog.tsx', './staff/api/appointment-api.ts'],
};
const SHARED = ['./web/src/shared', './web/src/components', './web/src/lib', './web/src/content'];
const layerZones = [
  ...FEATURES.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`, ...(ALLOWED_FEATURE_IMPORTS[/** @type {keyof typeof ALLOWED_FEATURE_IMPORTS} */ (feature)] ?? [])],
    message:
      "A feature imports the shared layer (shared/, components/, lib/, content/, @api/*), not another feature's insides (eslint.config.mjs lists the allowed edges).",
  })),
  ...FEATURES.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/app',
    message: 'Features do not import app/.',
  })),
  ...SHARED.map((target) => ({
    target,
    from: './web/src/features',
    // The footer, on every page, holds the newsletter sign-up form.
    except: target === './web/src/components' ? ['./newsletter/components/newsletter-form.tsx'] : [],
    message: 'Shared code (shared/, components/, lib/, content/) imports no feature: move what both need into shared/.',
  })),
];

/**
 * The server's layers point one way: index -> app -> routes -> services -> notifications and
 * provider -> http and store -> api (docs/architecture.md). No arrow runs back up.
 */
const SERVER = './functions/src';
const serverZones = [
  { target: `${SERVER}/services`, from: [`${SERVER}/routes`] },
  { target: [`${SERVER}/notifications`, `${SERVER}/provider`], from: [`${SERVER}/routes`, `${SERVER}/services`] },
  {
    target: [`${SERVER}/http`, `${SERVER}/store`],
    from: [`${SERVER}/routes`, `${SERVER}/services`, `${SERVER}/notifications`, `${SERVER}/provider`],
  },
].map((zone) => ({ ...zone, message: 'A lower layer of the server imports no higher one (docs/architecture.md).' }));

/**
 * The services' domains, each with the domains it may use (docs/architecture.md): every
 * folder reads on its own, and no domain imports one that uses it. shared/ is the ground.
 */
const DOMAINS = {
  shared: [],
  public: ['shared'],
  record: ['shared'],
  packages: ['payments', 'public', 'shared'],
  payments: ['public', 'shared'],
  orders: ['payments', 'packages', 'public', 'shared'],
  visits: ['record', 'shared'],
  booking: ['visits', 'payments', 'packages', 'record', 'public', 'shared'],
  patients: ['booking', 'orders', 'payments', 'packages', 'record', 'public', 'shared'],
  staff: ['booking', 'visits', 'patients', 'payments', 'packages', 'record', 'public', 'shared'],
  ussd: ['booking', 'patients', 'payments', 'packages', 'record', 'public', 'shared'],
};
const domainZones = Object.entries(DOMAINS).map(([domain, uses]) => ({
  target: `${SERVER}/services/${domain}`,
  from: Object.keys(DOMAINS)
    .filter((other) => other !== domain && !uses.includes(other))
    .map((other) => `${SERVER}/services/${other}`),
  message: `services/${domain} ${uses.length ? `may use only ${uses.join(', ')}` : 'uses no other domain'} (docs/architecture.md).`,
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/dist-next/**',
      '**/dist-old/**',
      'functions/lib/**',
      'test-results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // Without these import-x reads only .js files, so no-cycle never looked into a .ts one
      // (scripts/__tests__/no-cycle.test.ts proves the rule fires on a planted cycle).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['web/tsconfig.json', 'functions/tsconfig.json', 'tsconfig.json'],
        }),
      ],
    },
    rules: {
      // A cycle through a package cannot come back to our code: not following them halves the rule's time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['functions/**/*.ts', 'scripts/**/*.{mjs,ts}', 'e2e/**/*.ts', '**/*.cjs', '*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The site reaches the API's code only through `@api/*` (functions/src/api).
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/functions/**'], message: "Import the API's shared types and values from '@api/...'." }] },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones }] },
  },
  {
    files: ['functions/src/**/*.ts'],
    ignores: ['functions/src/**/__tests__/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...serverZones, ...domainZones] }] },
  },
  {
    // Firebase deploys functions/ alone, so nothing there may depend on the site.
    files: ['functions/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', '@/*'], message: 'The functions deploy holds functions/ only: it cannot import web code.' },
          ],
        },
      ],
    },
  },
  {
    // Bundled into the browser too: pure TypeScript that imports only its siblings and yup (the request schemas), never firebase-admin or express.
    files: ['functions/src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./|yup$)',
              message:
                'functions/src/api is shared with the site: import nothing but ./ siblings (and yup, for the request schemas).',
            },
          ],
        },
      ],
    },
  },
);
