/* global document, requestAnimationFrame, setTimeout */
// A prerendered page's scripts start after its first paint (web/prerender.mjs writes this tag
// in place of the module script; docs/performance.md): on a slow mobile link the stylesheet and
// the fonts have the line to themselves until the page shows, then the scripts hydrate it.
(() => {
  const tag = document.currentScript;
  const start = () => {
    for (const href of (tag.dataset.preload ?? '').split(' ').filter(Boolean)) {
      const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' });
      document.head.append(link);
    }
    const entry = Object.assign(document.createElement('script'), { type: 'module', src: tag.dataset.entry, crossOrigin: '' });
    document.head.append(entry);
  };
  // A tab opened in the background paints nothing until it is shown: start at once there.
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start));
  else start();
})();
