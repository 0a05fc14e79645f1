// @ts-check
// Look at a page as a person would: `node scripts/screenshot.mjs <path-or-url> <out.png> [width=390] [fullPage=1]`.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { SITE_URL } from './lib/ports.mjs';

/** Chromium's flags, as the e2e tests launch it (e2e/support/browser.ts). */
const { args } = JSON.parse(readFileSync(new URL('./lib/chromium-flags.json', import.meta.url), 'utf8'));

const [target = '/', out = 'screenshot.png', width = '390', full = '1'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args,
});
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(width) < 700 ? 844 : 800 } });
await page.goto(target.startsWith('http') ? target : `${SITE_URL}${target}`, { waitUntil: 'networkidle' });
await page.screenshot({ path: out, fullPage: full === '1' });
await browser.close();
console.log(`Saved ${out}`);
