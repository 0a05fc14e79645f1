// @ts-check
// `npm run perf`: Lighthouse 12 figures for the pages a phone in Ghana opens first. Builds
// (skip with --no-build), then measures the running stack through the Hosting emulator (or
// one it starts) in Debian Chromium: mobile form factor, simulated slow 4G and a 4x slower
// CPU (Lighthouse's defaults). Prints the four category scores, LCP, TBT, CLS and the bytes
// transferred per resource type before any interaction, then one table of them all. Figures,
// not a test: it exits 1 only when a page cannot be measured. Targets (docs/performance.md):
// performance >= 98, TBT <= 150 ms, LCP <= 1.5 s, CLS 0, the other three categories 100.
// Options: --no-build, --runs=N (default 3), --only=/path,/path (a few pages).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ROOT } from './lib/install.mjs';
import { PUBLIC_ROUTES } from './lib/public-routes.mjs';
import { SITE_URL } from './lib/ports.mjs';
import { withStack } from './lib/running-stack.mjs';

const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const PAGES = only ?? PUBLIC_ROUTES;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Chromium's flags, as the e2e tests launch it (scripts/lib/chromium-flags.json), and Lighthouse's own. */
const CHROME_FLAGS = [
  '--headless=new',
  ...JSON.parse(readFileSync(join(ROOT, 'scripts/lib/chromium-flags.json'), 'utf8')).args,
  // Lighthouse measures in a tab of its own; without these a busy machine may treat it as a
  // background tab and hold its frames back (first paint observed ~2 s late, for any page).
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
  '--disable-background-timer-throttling',
];

if (!process.argv.includes('--no-build')) {
  console.log('Building functions and web...');
  if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
}

// The full reports, for a closer look at what an audit found.
const REPORTS = join(ROOT, 'test-results', 'lighthouse');
mkdirSync(REPORTS, { recursive: true });

const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 3);

const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(1)} KB`;

/** @param {import('lighthouse').Result} lhr */
function figures(lhr) {
  const score = (/** @type {string} */ id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const num = (/** @type {string} */ id) => lhr.audits[id]?.numericValue ?? NaN;
  /** @type {Record<string, number>} */
  const bytes = {};
  const summary = /** @type {{ items?: { resourceType: string, transferSize: number }[] }} */ (
    lhr.audits['resource-summary']?.details ?? {}
  );
  for (const item of summary.items ?? []) bytes[item.resourceType] = item.transferSize;
  const failed = CATEGORIES.flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      // The metrics have their own line; list the other audits that did not pass.
      .filter((ref) => ref.group !== 'metrics' && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  );
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, score(id)])),
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    bytes,
    failed,
  };
}

await withStack(async () => {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    let worst = 0;
    /** @type {string[]} */
    const rows = [];
    for (const path of PAGES) {
      // Scores move from run to run (more so on a busy machine): keep the median run by performance.
      const lhrs = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${SITE_URL}${path}`, {
          port: chrome.port,
          logLevel: 'error',
          output: 'json',
          onlyCategories: CATEGORIES,
          formFactor: 'mobile',
          throttlingMethod: 'simulate',
        });
        if (result && !result.lhr.runtimeError) lhrs.push(result.lhr);
        else console.error(`${path}: Lighthouse could not measure it (${result?.lhr.runtimeError?.message ?? 'no result'}).`);
      }
      if (lhrs.length === 0) {
        worst = 1;
        continue;
      }
      lhrs.sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0));
      const lhr = lhrs[Math.floor(lhrs.length / 2)];
      writeFileSync(join(REPORTS, `${path.slice(1) || 'home'}.json`), JSON.stringify(lhr));
      const f = figures(lhr);
      const b = f.bytes;
      console.log(`\n${path} (median of ${lhrs.length} runs)`);
      console.log(
        `  scores      performance ${f.scores.performance}, accessibility ${f.scores.accessibility}, best-practices ${f.scores['best-practices']}, SEO ${f.scores.seo}`,
      );
      console.log(`  metrics     LCP ${(f.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(f.tbtMs)} ms, CLS ${f.cls.toFixed(3)}`);
      console.log(
        `  transfer    JS ${kb(b.script ?? 0)}, CSS ${kb(b.stylesheet ?? 0)}, images ${kb(b.image ?? 0)}, fonts ${kb(b.font ?? 0)}, document ${kb(b.document ?? 0)}, total ${kb(b.total ?? 0)}`,
      );
      if (f.failed.length) console.log(`  not passed  ${f.failed.join(', ')}`);
      rows.push(
        `| ${path} | ${f.scores.performance} | ${Math.round(f.tbtMs)} ms | ${(f.lcpMs / 1000).toFixed(2)} s | ${f.cls.toFixed(3)} | ${kb(b.script ?? 0)} |`,
      );
    }
    console.log(`\nMedian of ${RUNS} runs per page (Lighthouse mobile):\n`);
    console.log('| route | performance | TBT | LCP | CLS | JS transferred |');
    console.log('|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
    console.log(`\nFull reports: ${REPORTS}`);
    process.exitCode = worst;
  } finally {
    chrome.kill();
  }
});
