/**
 * A dry walk of docs/operations.md's 'From an empty project to a live site', in order, checking
 * what can be checked without a Google Cloud project: each step uses only shell variables an
 * earlier step (or the same step, before) defined; commands carry no `<...>` for the reader to
 * fill in, except the names of step 1; each ops/ script gets the arguments it asks for; what a
 * step needs (an API, a sign-in, a file, a secret, the domain) comes from an earlier one. Also:
 * every alert policy has its entry in 'When an alert fires', and every reference to a part of the
 * runbook names one that exists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
const RUNBOOK = readFileSync(join(ROOT, 'docs/operations.md'), 'utf8');

/** The text of the `## heading` section (up to the next one). */
function section(heading: string) {
  const start = RUNBOOK.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`docs/operations.md has no section '${heading}'`);
  const end = RUNBOOK.indexOf('\n## ', start + 1);
  return RUNBOOK.slice(start, end < 0 ? undefined : end);
}

type Step = { number: number; title: string; text: string; code: string[] };
const steps: Step[] = section('From an empty project to a live site')
  .split(/\n(?=\d+\. \*\*)/)
  .slice(1)
  .map((text) => {
    const [, number, title] = /^(\d+)\. \*\*(.+?)\*\*/.exec(text)!;
    const code = [...text.matchAll(/^ *```sh\n([\s\S]*?)^ *```$/gm)].map(([, block]) =>
      block
        .split('\n')
        .map((line) => line.trim())
        .join('\n')
        .replace(/\\\n/g, ' '),
    );
    return { number: Number(number), title: title.replace(/\.$/, ''), text, code };
  });
const stepOf = (pattern: RegExp) => steps.find((step) => pattern.test(step.text));

describe('the runbook, walked in order', () => {
  it('numbers its steps 1, 2, 3... and starts with what to order first and how long each takes', () => {
    expect(steps.map((step) => step.number)).toEqual(steps.map((_, i) => i + 1));
    expect(RUNBOOK.indexOf('## Order these first')).toBeLessThan(RUNBOOK.indexOf('## From an empty project'));
    const orders = section('Order these first: they take days');
    for (const wait of [/billing card/, /Hubtel/, /IP whitelisting/, /certificate/, /SPF and DKIM/]) expect(orders).toMatch(wait);
    expect(steps[0].text).toContain('Cloud Shell');
  });

  it('uses each shell variable only after a step has defined it', () => {
    const defined = new Set(['HOME']);
    const late: string[] = [];
    for (const step of steps) {
      // Definitions and uses in the order they are written: commands first, then the prose after them.
      for (const line of [...step.code.join('\n').split('\n'), step.text.replace(/^ *```sh\n[\s\S]*?^ *```$/gm, '')]) {
        const events: { at: number; define?: string; use?: string }[] = [
          ...[...line.matchAll(/(?:^|[\s;&|("'])(?:export\s+)?([A-Za-z_]\w*)=/g)].map((m) => ({ at: m.index!, define: m[1] })),
          ...[...line.matchAll(/\bread\s+(?:-\w+\s+(?:'[^']*'\s+)?)*([A-Za-z_]\w*)/g)].map((m) => ({
            at: m.index!,
            define: m[1],
          })),
          ...[...line.matchAll(/\bfor\s+([A-Za-z_]\w*)\s+in\b/g)].map((m) => ({ at: m.index!, define: m[1] })),
          ...[...line.matchAll(/\$\{?([A-Za-z_]\w*)/g)].map((m) => ({ at: m.index!, use: m[1] })),
        ].sort((a, b) => a.at - b.at);
        for (const event of events) {
          if (event.define) defined.add(event.define);
          else if (event.use && !defined.has(event.use)) late.push(`step ${step.number} uses $${event.use}`);
        }
      }
    }
    expect(late).toEqual([]);
    for (const name of ['PROJECT', 'DOMAIN', 'PROJECT_NUMBER', 'APP_ID', 'ADMIN_EMAIL', 'REPO']) expect(defined).toContain(name);
  });

  it("has commands that paste as they stand: no <...> to fill in after step 1's names", () => {
    const blanks = steps
      .slice(1)
      .flatMap((step) =>
        step.code.flatMap((block) => (block.match(/<[^<>@\s'][^<>@]*>/g) ?? []).map((b) => `step ${step.number}: ${b}`)),
      );
    expect(blanks).toEqual([]);
  });

  it('gives each ops/ script the arguments it asks for', () => {
    const calls = steps.flatMap((step) =>
      step.code.flatMap((block) =>
        [...block.matchAll(/^(ops\/[\w-]+\.sh)((?: +"[^"]*"| +[^\s"#]+)*)/gm)].map((m) => ({ step, m })),
      ),
    );
    expect(calls.length).toBeGreaterThanOrEqual(5);
    for (const { step, m } of calls) {
      const script = readFileSync(join(ROOT, m[1]), 'utf8');
      const required = new Set([...script.matchAll(/\$\{(\d):\?/g)].map(([, n]) => n)).size;
      const optional = new Set([...script.matchAll(/\$\{(\d):-/g)].map(([, n]) => n)).size;
      const given = m[2].trim().split(/ +/).filter(Boolean).length;
      expect(`step ${step.number} ${m[1]} with ${given}`).toBe(
        `step ${step.number} ${m[1]} with ${Math.min(Math.max(given, required), required + optional)}`,
      );
    }
  });

  it('does what a step needs in an earlier step', () => {
    const before: [string, RegExp, RegExp][] = [
      ['the APIs, iamcredentials among them', /gcloud services enable[\s\S]*iamcredentials\.googleapis\.com/, /ops\/(network|firestore|turn|ci|monitoring)\.sh "/],
      ['the application-default sign-in and its quota project', /gcloud auth application-default set-quota-project/, /npm run (grant|catalog:import|deploy:check)/],
      ['the Firebase sign-in', /npx firebase login/, /npx firebase (projects|use|apps|functions|deploy)/],
      ['the project number', /PROJECT_NUMBER=/, /ops\/ci\.sh "/],
      ["the domain's records (its certificate takes up to 24 h)", /Add custom domain/, /\$DOMAIN|\$\{DOMAIN\}/],
      ['the static IP (ops/network.sh): its VPC and connector', /ops\/network\.sh "/, /VPC_CONNECTOR=expmed-egress|ops\/turn\.sh "/],
      ['TURN_SHARED_SECRET, which the relay reads', /TURN_SHARED_SECRET; do|functions:secrets:set TURN_SHARED_SECRET/, /ops\/turn\.sh "/],
      ["the functions' params", /cp functions\/\.env\.example/, /npm run deploy:check/],
      ['the web config', /cp web\/\.env\.example/, /npm run deploy:check/],
      ['the secrets list', /cp deploy\/secrets\.example/, /npm run deploy:check/],
      ["the mail's SMTP server and account", /for name in SMTP_HOST SMTP_PORT SMTP_USER SMTP_PASSWORD/, /npm run deploy:check/],
      ['the database', /ops\/firestore\.sh "/, /npx firebase deploy|catalog:import/],
      ["the functions' own account, which the code names", /ops\/functions-account\.sh "/, /npx firebase deploy --project/],
      ['the deployed site', /npx firebase deploy --project/, /npm run grant|catalog:import|ops\/monitoring\.sh "/],
      ["the project's files, committed (CI's deploy has only the checkout)", /git add[\s\S]*functions\/\.env\.\$PROJECT[\s\S]*git commit/, /ops\/ci\.sh "/],
    ]; // prettier-ignore
    const out: string[] = [];
    for (const [what, producer, consumer] of before) {
      const made = stepOf(producer);
      if (!made) {
        out.push(`no step makes ${what}`);
        continue;
      }
      // What a step runs (its commands), against what an earlier step made (by command or in a console).
      for (const step of steps.slice(1).filter((s) => s !== made && consumer.test(s.code.join('\n'))))
        if (step.number < made.number) out.push(`step ${step.number} (${step.title}) needs ${what} from step ${made.number}`);
    }
    expect(out).toEqual([]);
  });
});

describe('the runbook and the alerts', () => {
  const policies = readdirSync(join(ROOT, 'ops/monitoring')).map(
    (file) => JSON.parse(readFileSync(join(ROOT, 'ops/monitoring', file), 'utf8')) as { displayName: string; documentation: { content: string } },
  ); // prettier-ignore

  it("has a 'When an alert fires' entry for each alert: what it means and the first three things to check", () => {
    const fires = section('When an alert fires');
    const entries = fires.split(/\n(?=\*\*)/).slice(1);
    expect(policies.map((p) => p.displayName).sort()).toEqual(entries.map((entry) => /^\*\*(.+?)\*\*/.exec(entry)![1]).sort());
    for (const entry of entries) expect(entry).toMatch(/\n1\. [\s\S]*\n2\. [\s\S]*\n3\. /);
    for (const policy of policies) expect(policy.documentation.content).toContain("docs/operations.md, 'When an alert fires'");
  });

  it('watches the mail sender: its alert matches the line the sender logs when it gives up on a mail', () => {
    const mail = policies.find((p) => p.displayName === 'Mail not delivered') as unknown as {
      conditions: { conditionMatchedLog: { filter: string } }[];
    };
    const sender = readFileSync(join(ROOT, 'functions/src/notifications/mail-sender.ts'), 'utf8');
    const line = /logger\.error\('([^']+)'/.exec(sender)?.[1];
    expect(line).toBe('mail not delivered');
    expect(mail.conditions[0].conditionMatchedLog.filter).toContain(`jsonPayload.message="${line}"`);
    expect(mail.conditions[0].conditionMatchedLog.filter).toMatch(/severity>=ERROR$/);
  });

  it('is cited by the parts of the runbook that exist', () => {
    const names = [
      ...[...RUNBOOK.matchAll(/^## (.+)$/gm)].map(([, heading]) => heading),
      ...steps.map((step) => step.title),
    ];
    const files = ['ops', 'scripts', 'functions/src', 'docs', 'deploy', 'functions']
      .flatMap((dir) => readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true }).map((e) => join(e.parentPath, e.name)))
      .filter((path) => /\.(sh|mjs|ts|json|md|example)$|secrets\.example$/.test(path) && !path.includes('node_modules') && !path.includes('/lib/'));
    const cited = [...new Set(files)].flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(/operations\.md[,:]? '([^']+)'/g)].map(([, name]) => name),
    );
    expect(cited.length).toBeGreaterThan(5);
    expect(cited.filter((name) => !names.some((n) => n.startsWith(name)))).toEqual([]);
  }); // prettier-ignore
});
