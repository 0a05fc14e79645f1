// @ts-check
/* global URL, console */
// The last step of `npm run build -w web`: writes the public pages as HTML, so a phone on a
// slow network paints a page before its scripts arrive (React then hydrates it in place).
// Reads the client build (dist-next/index.html) and the server build of src/entry-server.tsx
// (dist-server/), writes <page>.html (Hosting's clean URLs serve it at /<page>), the home
// page as index.html, and the empty app shell as shell.html, which Hosting serves for every
// other path (signed-in pages, product ids). Then dist-next becomes dist in two renames: a
// running Hosting emulator crashes when a file it is serving disappears mid-build.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = fileURLToPath(new URL('.', import.meta.url));
const DIST = join(WEB, 'dist');
const NEXT = join(WEB, 'dist-next');
const EMPTY_ROOT = '<div id="root"></div>';

/** @param {string} text */
const escapeHtml = (text) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** @type {{ render: (path: string) => Promise<{ html: string, title: string }>, PRERENDERED_PATHS: string[] }} */
const server = await import(join(WEB, 'dist-server', 'entry-server.js'));

const template = readFileSync(join(NEXT, 'index.html'), 'utf8');
if (!template.includes(EMPTY_ROOT)) throw new Error(`dist-next/index.html has no ${EMPTY_ROOT} to fill`);
writeFileSync(join(NEXT, 'shell.html'), template);

// The page is readable without its scripts, so they start after its first paint
// (public/after-paint.js): on a slow network the stylesheet and fonts go first. The shell
// (no content to paint) keeps its tags.
const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
const entry = MODULE_SCRIPT.exec(template)?.[1];
if (!entry) throw new Error('dist-next/index.html has no module script');
const preloads = [...template.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
const afterPaint = `<script defer src="/after-paint.js" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`;

for (const path of server.PRERENDERED_PATHS) {
  const page = await server.render(path);
  if (!page.title) throw new Error(`${path} sets no title (usePageTitle)`);
  const html = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(EMPTY_ROOT, `<div id="root" data-prerendered="${path}">${page.html}</div>`)
    .replace(MODULE_SCRIPT, '')
    .replaceAll(MODULE_PRELOAD, '')
    .replace('</head>', `  ${afterPaint}\n  </head>`);
  writeFileSync(join(NEXT, path === '/' ? 'index.html' : `${path.slice(1)}.html`), html);
}
const OLD = join(WEB, 'dist-old');
rmSync(OLD, { recursive: true, force: true });
if (existsSync(DIST)) renameSync(DIST, OLD);
renameSync(NEXT, DIST);
rmSync(OLD, { recursive: true, force: true });
console.log(`Prerendered ${server.PRERENDERED_PATHS.length} pages; other paths get dist/shell.html.`);
