/**
 * The layering rules in eslint.config.mjs read TypeScript (docs/architecture.md): a planted
 * import cycle between two .ts files fails `import-x/no-cycle`, and a store module importing
 * a service fails the server's layer zones, as does a services domain importing one above it
 * (shared/ importing booking/). Run through the eslint command, as `npm run lint` does, once
 * for all the planted files (each run loads the config and resolver: seconds). That the real
 * code passes these rules is `npm run lint`'s job.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
const ESLINT = join(ROOT, 'node_modules/eslint/bin/eslint.js');

interface LintResult {
  filePath: string;
  messages: { ruleId: string | null; message: string }[];
}

function eslint(paths: string[]): LintResult[] {
  const run = spawnSync(process.execPath, [ESLINT, '--format', 'json', '--no-warn-ignored', ...paths], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (!run.stdout) throw new Error(`eslint printed nothing: ${run.stderr}`);
  return JSON.parse(run.stdout) as LintResult[];
}

/** Files planted where the rules apply (the config's globs and resolver), linted in one eslint run, removed afterwards. */
const PLANTED: Record<string, string> = {
  cycleA: "import { b } from './planted-cycle-b';\nexport const a = (): number => b() + 1;\n",
  cycleB: "import { a } from './planted-cycle-a';\nexport const b = (): number => (a ? 1 : 0);\n",
  cycleC: "import { b } from './planted-cycle-b';\nexport const c = (): number => b();\n",
  storeImportsService:
    "import { createAppointment } from '../services/booking/appointments';\nexport const x = createAppointment;\n",
  sharedImportsBooking: "import { createAppointment } from '../booking/appointments';\nexport const x = createAppointment;\n",
  visitsImportsBooking: "import { checkInFromVisit } from '../booking/staff-appointments';\nexport const x = checkInFromVisit;\n",
  paymentsImportsOrders: "import { createOrder } from '../orders/orders';\nexport const x = createOrder;\n",
  featureImportsFeature:
    "import { FamilyMembersCard } from '@/features/dashboard/components/family-members-card';\nexport const x = FamilyMembersCard;\n",
  sharedImportsFeature: "import SignupPage from '@/features/accounts/pages/signup-page';\nexport const x = SignupPage;\n",
  featureImportsShared: "import { useSession } from '@/shared/session/session';\nexport const x = useSession;\n",
  areaImportsConsolePage: "import OverviewPage from '@/features/staff/pages/overview-page';\nexport const x = OverviewPage;\n",
  areaImportsConsoleShared: "import { useStaff } from '@/features/staff/staff-session';\nexport const x = useStaff;\n",
  deskImportsRecordInsides:
    "import { RecordStyles } from '@/features/record/components/record-parts';\nexport const x = RecordStyles;\n",
  recordImportsDeskPage: "import BookPage from '@/features/desk/pages/book-page';\nexport const x = BookPage;\n",
  consoleSharedImportsArea:
    "import { PrescribeDialog } from '@/features/record/components/prescribe-dialog';\nexport const x = PrescribeDialog;\n",
  moneyImportsDeskQueries: "import { useEnquiries } from '@/features/desk/api/inbox-api';\nexport const x = useEnquiries;\n",
  deskImportsRecordQueries:
    "import { usePatientRecord } from '@/features/record/api/record-api';\nexport const x = usePatientRecord;\n",
  consoleQueriesImportArea: "import { useRefunds } from '@/features/money/api/refunds-api';\nexport const x = useRefunds;\n",
  areaImportsConsoleQueries:
    "import { staffKeys, useChange } from '@/features/staff/api/console-query';\nexport const x = [staffKeys, useChange];\n",
};
const WHERE: Record<keyof typeof PLANTED, string> = {
  cycleA: 'functions/src/services/shared/planted-cycle-a.ts',
  cycleB: 'functions/src/services/shared/planted-cycle-b.ts',
  cycleC: 'functions/src/services/shared/planted-cycle-c.ts',
  storeImportsService: 'functions/src/store/planted-layer.ts',
  sharedImportsBooking: 'functions/src/services/shared/planted-domain.ts',
  visitsImportsBooking: 'functions/src/services/visits/planted-domain.ts',
  paymentsImportsOrders: 'functions/src/services/payments/planted-domain.ts',
  featureImportsFeature: 'web/src/features/packages/planted-feature.ts',
  sharedImportsFeature: 'web/src/shared/session/planted-shared.ts',
  featureImportsShared: 'web/src/features/packages/planted-session.ts',
  areaImportsConsolePage: 'web/src/features/people/planted-area.ts',
  areaImportsConsoleShared: 'web/src/features/people/planted-console.ts',
  deskImportsRecordInsides: 'web/src/features/desk/planted-record.ts',
  recordImportsDeskPage: 'web/src/features/record/planted-desk.ts',
  consoleSharedImportsArea: 'web/src/features/staff/planted-area.ts',
  moneyImportsDeskQueries: 'web/src/features/money/api/planted-desk.ts',
  deskImportsRecordQueries: 'web/src/features/desk/api/planted-record.ts',
  consoleQueriesImportArea: 'web/src/features/staff/api/planted-area.ts',
  areaImportsConsoleQueries: 'web/src/features/day/api/planted-console.ts',
};

describe('the layering lint', () => {
  const messages: Record<string, LintResult['messages']> = {};
  beforeAll(() => {
    for (const [name, path] of Object.entries(WHERE)) writeFileSync(join(ROOT, path), PLANTED[name]);
    try {
      const results = eslint(Object.values(WHERE));
      for (const [name, path] of Object.entries(WHERE)) {
        const result = results.find((r) => r.filePath === join(ROOT, path));
        if (!result) throw new Error(`eslint did not lint ${path}`);
        messages[name] = result.messages;
      }
    } finally {
      for (const path of Object.values(WHERE)) rmSync(join(ROOT, path), { force: true });
    }
  });
  const rulesOf = (name: keyof typeof PLANTED) => messages[name].map((m) => m.ruleId);
  const refusal = (text: string) =>
    expect.objectContaining({ ruleId: 'import-x/no-restricted-paths', message: expect.stringContaining(text) });

  it('when two TypeScript files import each other, then import-x/no-cycle reports both', () => {
    expect(rulesOf('cycleA')).toContain('import-x/no-cycle');
    expect(rulesOf('cycleB')).toContain('import-x/no-cycle');
  });

  it('when a file only imports into the cycle, then no-cycle says nothing of it', () => {
    expect(rulesOf('cycleC')).not.toContain('import-x/no-cycle');
  });

  it('when a store module imports a service, then the server layer zones refuse it', () => {
    expect(messages.storeImportsService).toContainEqual(refusal('A lower layer of the server imports no higher one'));
  });

  it('when a lower services domain imports a higher one, then the domain zones refuse it', () => {
    expect(messages.sharedImportsBooking).toContainEqual(refusal('services/shared uses no other domain'));
  });

  it('when the video room calls up into booking, then the domain zones refuse it (visits sit below booking)', () => {
    expect(messages.visitsImportsBooking).toContainEqual(refusal('services/visits may use only record, shared'));
  });

  it('when payments import the orders that refund through them, then the domain zones refuse it', () => {
    expect(messages.paymentsImportsOrders).toContainEqual(refusal('services/payments may use only'));
  });

  it("when a site feature imports another feature's insides, then the site's boundary refuses it", () => {
    expect(messages.featureImportsFeature).toContainEqual(refusal("not another feature's insides"));
  });

  it('when the shared layer imports a feature, then the site boundary refuses it', () => {
    expect(messages.sharedImportsFeature).toContainEqual(refusal('imports no feature'));
  });

  it('when a feature imports the shared session, then the boundary allows it', () => {
    expect(rulesOf('featureImportsShared')).not.toContain('import-x/no-restricted-paths');
  });

  it("when a console area imports a page left in the console's other areas, then the site's boundary refuses it", () => {
    expect(messages.areaImportsConsolePage).toContainEqual(refusal("not another feature's insides"));
  });

  it("when a console area imports the console's shared session, then the boundary allows it", () => {
    expect(rulesOf('areaImportsConsoleShared')).not.toContain('import-x/no-restricted-paths');
  });

  it("when the desk imports the record area's insides beyond the two it lends (its record section and Complete visit), then the boundary refuses it", () => {
    expect(messages.deskImportsRecordInsides).toContainEqual(refusal("not another feature's insides"));
  });

  it("when the record area imports one of the desk's pages, then the boundary refuses it", () => {
    expect(messages.recordImportsDeskPage).toContainEqual(refusal("not another feature's insides"));
  });

  it("when the console's shared layer in staff/ imports an area, then the boundary refuses it", () => {
    expect(messages.consoleSharedImportsArea).toContainEqual(refusal("not another feature's insides"));
  });

  it("when a console area imports another area's queries (money the desk's inbox), then the boundary refuses it", () => {
    expect(messages.moneyImportsDeskQueries).toContainEqual(refusal("not another feature's insides"));
  });

  it("when the desk imports the record's queries (it may lend only the record's section and dialog), then the boundary refuses it", () => {
    expect(messages.deskImportsRecordQueries).toContainEqual(refusal("not another feature's insides"));
  });

  it("when the console's shared queries in staff/api import an area's queries, then the boundary refuses it", () => {
    expect(messages.consoleQueriesImportArea).toContainEqual(refusal("not another feature's insides"));
  });

  it("when a console area builds on the console's shared keys and changes in staff/api, then the boundary allows it", () => {
    expect(rulesOf('areaImportsConsoleQueries')).not.toContain('import-x/no-restricted-paths');
  });
});
