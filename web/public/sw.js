/* global self, caches, fetch, URL */
// The offline app shell. A repeat visit on a phone that lost its signal still opens the
// site: pages come from the network when it answers and from the cached shell when not.
// - /api, /payment (provider callback, payment return page) and other origins (the Auth
//   emulator, the payment checkout) are never touched: patient data, prices and payment
//   states always come fresh from the server, or fail.
// - Hashed /assets/ files never change: cache-first.
// - Navigations: network-first, falling back to the cached shell, index.html (the SPA renders the page).
// - Other files (icons, images, favicon): network-first, falling back to the cache.
const CACHE = 'expmed-shell-v1';
// '/' rather than '/index.html': Hosting's clean URLs redirect the latter, and a navigation
// must not be answered with a redirected response.
const SHELL = '/';

const bypass = (url) =>
  url.origin !== self.location.origin ||
  url.pathname.startsWith('/api/') ||
  url.pathname.startsWith('/payment') ||
  url.pathname.startsWith('/__/') ||
  url.pathname === '/sw.js';

/** Caches the shell (index.html) and the entry files it names; a new build drops the old build's assets. */
async function cacheShell(response) {
  const cache = await caches.open(CACHE);
  const html = await response.clone().text();
  const old = await cache.match(SHELL);
  if (old && (await old.text()) === html) return;
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  for (const request of await cache.keys()) {
    if (new URL(request.url).pathname.startsWith('/assets/')) await cache.delete(request);
  }
  await cache.put(SHELL, response);
  await cache.addAll(assets);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    fetch(SHELL, { cache: 'no-cache' })
      .then((response) => (response.ok ? cacheShell(response) : undefined))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

async function networkFirst(request, fallback) {
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') {
      const copy = response.clone();
      if (fallback === SHELL) cacheShell(copy).catch(() => {});
      else caches.open(CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch (err) {
    const cached = await caches.match(fallback ?? request);
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
  if (request.mode === 'navigate') event.respondWith(networkFirst(request, SHELL));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  else event.respondWith(networkFirst(request));
});

// The page hands over what it loaded before this worker took control (its route chunk,
// fonts, icons), so the first visit's pages open offline too.
self.addEventListener('message', (event) => {
  const urls = (event.data?.type === 'cache-urls' ? event.data.urls : []).filter((u) => !bypass(new URL(u)));
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(urls.map((u) => cache.add(u).catch(() => {})))));
});
