/**
 * The offline app shell (public/sw.js): registered in production builds only, on http(s)
 * origins, after the page has loaded so it never competes with the first paint.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !location.protocol.startsWith('http')) return;
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        // What loaded before the worker ran (the route's chunk, fonts, icons) goes into its cache.
        const urls = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => url.startsWith(location.origin));
        registration.active?.postMessage({ type: 'cache-urls', urls });
      })
      .catch(() => {
        // Without the worker the site still works online; nothing to tell the visitor.
      });
  // A prerendered page's scripts start after its first paint (public/after-paint.js), often
  // once the page has loaded already.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}
