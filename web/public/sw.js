/* global self, caches, fetch, URL */
// The offline app shell. A repeat visit on a phone that lost its signal still opens the
// site: pages come from the network when it answers and from the cached shell when not.
// - /api, /payment (provider callback, payment return page) and other origins (the Auth
//   emulator, the payment checkout) are never touched: patient data, prices and payment
//   states always come fresh from the server, or fail.
// - Hashed /assets/ files never change: cache-first.
// - Navigations: network-first; offline, the page as last seen (public pages are
//   prerendered HTML), else the app shell, shell.html, which renders any page in the browser.
// - Other files (icons, images, favicon): network-first, falling back to the cache.
const CACHE = 'expmed-shell-v2';
// Pages seen, apart: a new build empties it, since each page names its build's assets.
const PAGES = 'expmed-pages-v2';
// '/shell' rather than '/shell.html': Hosting's clean URLs redirect the latter, and a
// navigation must not be answered with a redirected response.
const SHELL = '/shell';

const bypass = (url) =>
  url.origin !== self.location.origin ||
  url.pathname.startsWith('/api/') ||
  url.pathname.startsWith('/payment') ||
  url.pathname.startsWith('/__/') ||
  url.pathname === '/sw.js';

/** The build a page belongs to: its entry script's hashed name (a prerendered page names it in data-entry). */
const buildOf = (html) => /(?:<script type="module"[^>]*src|data-entry)="([^"]+)"/.exec(html)?.[1];

/** Caches the shell and the entry files it names; a new build drops the old build's assets and pages. */
async function cacheShell(response) {
  const cache = await caches.open(CACHE);
  const html = await response.clone().text();
  const old = await cache.match(SHELL);
  if (old && buildOf(await old.text()) === buildOf(html)) return;
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  for (const request of await cache.keys()) {
    if (new URL(request.url).pathname.startsWith('/assets/')) await cache.delete(request);
  }
  await caches.delete(PAGES);
  await cache.put(SHELL, response);
  await cache.addAll(assets);
}

async function refreshShell() {
  const response = await fetch(SHELL, { cache: 'no-cache' });
  if (response.ok) await cacheShell(response);
}

/** Keeps a page the visitor opened; a page from a newer build than the shell brings the new shell first. */
async function keepPage(request, response) {
  const shell = await caches.match(SHELL);
  if (!shell || buildOf(await shell.text()) !== buildOf(await response.clone().text())) await refreshShell();
  await (await caches.open(PAGES)).put(request, response);
}

self.addEventListener('install', (event) => {
  event.waitUntil(refreshShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE && n !== PAGES).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

async function navigate(request) {
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') keepPage(request, response.clone()).catch(() => {});
    return response;
  } catch (err) {
    // The query string does not change a page's HTML: the app reads it in the browser.
    const cached = (await caches.match(request, { cacheName: PAGES, ignoreSearch: true })) ?? (await caches.match(SHELL));
    if (cached) return cached;
    throw err;
  }
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch (err) {
    const cached = await caches.match(request);
    if (cached) return cached;
    throw err;
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || bypass(url)) return;
  if (request.mode === 'navigate') event.respondWith(navigate(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  else event.respondWith(networkFirst(request));
});

// The page hands over what it loaded before this worker took control (its route chunk,
// fonts, icons), so the first visit's pages open offline too.
self.addEventListener('message', (event) => {
  const urls = (event.data?.type === 'cache-urls' ? event.data.urls : []).filter((u) => !bypass(new URL(u)));
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(urls.map((u) => cache.add(u).catch(() => {})))));
});
