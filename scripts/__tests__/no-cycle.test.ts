/**
 * The layering rules in eslint.config.mjs read TypeScript (docs/architecture.md): a planted
 * import cycle between two .ts files fails `import-x/no-cycle`, and a store module importing
 * a service fails the server's layer zones, as does a services domain importing one above it
 * (shared/ importing booking/). Run through the eslint command, as `npm run lint` does.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '../..');
const ESLINT = join(ROOT, 'node_modules/eslint/bin/eslint.js');

interface LintResult {
  filePath: string;
  messages: { ruleId: string | null; message: string }[];
}

function eslint(args: string[], input?: string): LintResult[] {
  const run = spawnSync(process.execPath, [ESLINT, '--format', 'json', '--no-warn-ignored', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    input,
  });
  if (!run.stdout) throw new Error(`eslint printed nothing: ${run.stderr}`);
  return JSON.parse(run.stdout) as LintResult[];
}

const rulesOf = (results: LintResult[]) => results.flatMap((r) => r.messages.map((m) => m.ruleId));

describe('the layering lint', () => {
  let dir: string;
  beforeAll(() => {
    // Inside the repo (the config's globs and resolver apply), removed afterwards.
    dir = mkdtempSync(join(ROOT, 'functions/src/cycle-fixture-'));
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = (): number => b() + 1;\n");
    writeFileSync(join(dir, 'b.ts'), "import { a } from './a';\nexport const b = (): number => (a ? 1 : 0);\n");
    writeFileSync(join(dir, 'c.ts'), "import { b } from './b';\nexport const c = (): number => b();\n");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('when two TypeScript files import each other, then import-x/no-cycle reports both', () => {
    const results = eslint([relative(ROOT, join(dir, 'a.ts')), relative(ROOT, join(dir, 'b.ts'))]);
    expect(results).toHaveLength(2);
    for (const result of results) expect(result.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });

  it('when a file only imports into the cycle, then no-cycle says nothing of it', () => {
    expect(rulesOf(eslint([relative(ROOT, join(dir, 'c.ts'))]))).not.toContain('import-x/no-cycle');
  });

  it('when a store module imports a service, then the server layer zones refuse it', () => {
    const planted =
      "import { createAppointment } from '../services/booking/appointments';\nexport const x = createAppointment;\n";
    const results = eslint(['--stdin', '--stdin-filename', 'functions/src/store/planted.ts'], planted);
    expect(results[0].messages).toContainEqual(
      expect.objectContaining({
        ruleId: 'import-x/no-restricted-paths',
        message: expect.stringContaining('A lower layer of the server imports no higher one'),
      }),
    );
  });

  it('when a lower services domain imports a higher one, then the domain zones refuse it', () => {
    const planted = "import { createAppointment } from '../booking/appointments';\nexport const x = createAppointment;\n";
    const results = eslint(['--stdin', '--stdin-filename', 'functions/src/services/shared/planted.ts'], planted);
    expect(results[0].messages).toContainEqual(
      expect.objectContaining({
        ruleId: 'import-x/no-restricted-paths',
        message: expect.stringContaining('services/shared uses no other domain'),
      }),
    );
  });

  it('when the real server is linted, then it has no cycle and no arrow back up', () => {
    const rules = rulesOf(eslint(['functions/src/services', 'functions/src/notifications', 'functions/src/payments']));
    expect(rules).not.toContain('import-x/no-cycle');
    expect(rules).not.toContain('import-x/no-restricted-paths');
  });

  it("when a site feature imports another feature's insides, then the site's boundary refuses it", () => {
    const planted =
      "import { FamilyMembersCard } from '@/features/dashboard/components/family-members-card';\nexport const x = FamilyMembersCard;\n";
    const results = eslint(['--stdin', '--stdin-filename', 'web/src/features/packages/planted.ts'], planted);
    expect(results[0].messages).toContainEqual(
      expect.objectContaining({
        ruleId: 'import-x/no-restricted-paths',
        message: expect.stringContaining("not another feature's insides"),
      }),
    );
  });

  it('when the shared layer imports a feature, then the site boundary refuses it', () => {
    const planted = "import SignupPage from '@/features/accounts/pages/signup-page';\nexport const x = SignupPage;\n";
    const results = eslint(['--stdin', '--stdin-filename', 'web/src/shared/session/planted.ts'], planted);
    expect(results[0].messages).toContainEqual(
      expect.objectContaining({ ruleId: 'import-x/no-restricted-paths', message: expect.stringContaining('imports no feature') }),
    );
  });

  it('when a feature imports the shared session, then the boundary allows it', () => {
    const planted = "import { useSession } from '@/shared/session/session';\nexport const x = useSession;\n";
    const results = eslint(['--stdin', '--stdin-filename', 'web/src/features/packages/planted.ts'], planted);
    expect(results[0].messages.map((m) => m.ruleId)).not.toContain('import-x/no-restricted-paths');
  });
});
