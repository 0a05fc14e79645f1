/**
 * ops/rollback.sh as the operator runs it, with stand-ins for Google's side only: `gcloud` and
 * `curl` on the PATH answer as Cloud Run, Cloud Functions and the Hosting REST API do (the
 * fields the script reads) and write down every change asked of them. What is checked: which
 * version and which revisions it picks, that --dry-run changes nothing, and what it refuses.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
let dir: string;

const release = (version: string, type = 'DEPLOY', status = 'FINALIZED') => ({
  type,
  version: { name: `sites/expmed-site/versions/${version}`, status },
});
const revision = (name: string, created: string, ready = true) => ({
  metadata: { name, creationTimestamp: created },
  status: { conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
});

/** What Google answers, as files the stand-ins print. */
function google(answers: {
  releases: unknown[];
  services: Record<string, { traffic: unknown[]; latest?: string; revisions: unknown[] }>;
}) {
  writeFileSync(join(dir, 'sites.json'), JSON.stringify({ sites: [{ name: 'projects/p/sites/other', type: 'USER_SITE' }, { name: 'projects/p/sites/expmed-site', type: 'DEFAULT_SITE' }] })); // prettier-ignore
  writeFileSync(join(dir, 'releases.json'), JSON.stringify({ releases: answers.releases }));
  writeFileSync(join(dir, 'functions.txt'), Object.keys(answers.services).join('\n'));
  for (const [name, service] of Object.entries(answers.services)) {
    writeFileSync(
      join(dir, `service-${name}.json`),
      JSON.stringify({ status: { traffic: service.traffic, latestReadyRevisionName: service.latest } }),
    );
    writeFileSync(join(dir, `revisions-${name}.json`), JSON.stringify(service.revisions));
  }
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rollback-'));
  writeFileSync(
    join(dir, 'gcloud'),
    `#!/usr/bin/env bash
D=${dir}
args=" $* "
case "$args" in
  *" auth print-access-token "*) echo token ;;
  *" functions list "*) cat "$D/functions.txt" ;;
  *" run services describe "*) cat "$D/service-$6.json" ;;
  *" run revisions list "*) s=\${args#* --service=}; cat "$D/revisions-\${s%% *}.json" ;;
  *" run services update-traffic "*) echo "gcloud $*" >> "$D/changes.log" ;;
  *) echo "unexpected gcloud $*" >&2; exit 9 ;;
esac
`,
  );
  writeFileSync(
    join(dir, 'curl'),
    `#!/usr/bin/env bash
D=${dir}
while [ $# -gt 0 ]; do case "$1" in -X) method=$2; shift ;; https://*) url=$1 ;; --data) data=$2; shift ;; esac; shift; done
case "$method $url" in
  "GET https://firebasehosting.googleapis.com/v1beta1/projects/p/sites") cat "$D/sites.json" ;;
  "GET https://firebasehosting.googleapis.com/v1beta1/sites/expmed-site/channels/live/releases?pageSize=20") cat "$D/releases.json" ;;
  POST*) echo "curl $method $url $data" >> "$D/changes.log"; echo '{}' ;;
  *) echo "unexpected curl $method $url" >&2; exit 22 ;;
esac
`,
  );
  chmodSync(join(dir, 'gcloud'), 0o755);
  chmodSync(join(dir, 'curl'), 0o755);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const rollback = (...args: string[]) => {
  const run = spawnSync('bash', ['ops/rollback.sh', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${dir}:${process.env.PATH}` },
  });
  const changes = existsSync(join(dir, 'changes.log')) ? readFileSync(join(dir, 'changes.log'), 'utf8').trim().split('\n') : [];
  return { ...run, changes };
};

const LIVE = {
  releases: [release('v3'), release('v3'), release('v2', 'DEPLOY', 'DELETED'), release('v1', 'SITE_DISABLE'), release('v0')],
  services: {
    api: {
      traffic: [{ revisionName: 'api-00003', percent: 100 }],
      revisions: [revision('api-00001', '2026-12-01T10:00:00Z'), revision('api-00003', '2026-12-07T10:00:00Z'), revision('api-00002', '2026-12-05T10:00:00Z', false)],
    },
    ussd: { traffic: [{ latestRevision: true, percent: 100 }], latest: 'ussd-00002', revisions: [revision('ussd-00002', '2026-12-07T10:00:00Z'), revision('ussd-00001', '2026-12-01T10:00:00Z')] },
  },
}; // prettier-ignore

describe('ops/rollback.sh', () => {
  it('when run with --dry-run, then it names the version and each revision it would go back to and changes nothing', () => {
    google(LIVE);
    const { stdout, status, changes } = rollback('p', '--dry-run');
    expect(stdout).toContain('hosting: site expmed-site serves v3; the version before it is v0.');
    expect(stdout).toContain('functions: api serves api-00003; the revision before it is api-00001.');
    expect(stdout).toContain('functions: ussd serves ussd-00002; the revision before it is ussd-00001.');
    expect(changes).toEqual([]);
    expect(status).toBe(0);
  });

  it('when run, then Hosting releases the earlier version that still exists and each function serves its earlier ready revision', () => {
    google(LIVE);
    const { status, changes } = rollback('p');
    expect(changes).toEqual([
      'curl POST https://firebasehosting.googleapis.com/v1beta1/sites/expmed-site/channels/live/releases?versionName=sites/expmed-site/versions/v0 {"message":"ops/rollback.sh: back to v0 from v3"}',
      'gcloud --project=p --quiet run services update-traffic api --region=europe-west1 --to-revisions=api-00001=100',
      'gcloud --project=p --quiet run services update-traffic ussd --region=europe-west1 --to-revisions=ussd-00001=100',
    ]);
    expect(status).toBe(0);
  });

  it('when --only hosting, then no function is touched', () => {
    google(LIVE);
    const { changes } = rollback('p', '--only', 'hosting');
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatch(/^curl POST .*versions\/v0 /);
  });

  it('when a service splits its traffic, then it stops before changing it and says to set it by hand', () => {
    google({ ...LIVE, services: { api: { ...LIVE.services.api, traffic: [{ revisionName: 'api-00003', percent: 50 }, { revisionName: 'api-00001', percent: 50 }] } } });
    const { stderr, status, changes } = rollback('p', '--only', 'functions');
    expect(stderr).toContain('api splits its traffic between revisions; set it by hand');
    expect(changes).toEqual([]);
    expect(status).toBe(1);
  }); // prettier-ignore

  it('when the site has only one version, then it says there is nothing to go back to', () => {
    google({ ...LIVE, releases: [release('v3')] });
    const { stderr, status } = rollback('p', '--only', 'hosting');
    expect(stderr).toContain('has no earlier version to go back to');
    expect(status).toBe(1);
  });

  it('when --help, then it prints what it does and its usage; when the arguments are wrong, then the usage and exit 2', () => {
    expect(rollback('--help').stdout).toContain('ops/rollback.sh <project-id> [--dry-run] [--only hosting|functions]');
    const wrong = rollback('p', '--only', 'rules');
    expect(wrong.stderr).toContain('usage: ops/rollback.sh');
    expect(wrong.status).toBe(2);
  });
});
