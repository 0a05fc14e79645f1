import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes, useRoutes } from 'react-router-dom';
import { preloadMatched, routes } from '@/app/routes';
import { partsLoaded } from '@/components/lazy-part';
import { warmAppCheckOnFormFocus } from '@/lib/app-check';
import { reportUncaughtErrors } from '@/lib/error-reporting';
import { registerServiceWorker } from '@/lib/service-worker';
import '@fontsource/nunito/latin-400.css';
import '@fontsource/nunito/latin-700.css';
import '@/styles/global.css';
import '@/styles/sections.css';

registerServiceWorker();
reportUncaughtErrors();
warmAppCheckOnFormFocus();
const container = document.getElementById('root')!;

// prerender.mjs marks the page it rendered. Its HTML is taken over as it is only when the
// browser renders the same thing: same path, no query string (the build had none).
const prerendered = container.dataset.prerendered === window.location.pathname && window.location.search === '';

/** Loads the page's lazy modules, so the first render is the prerendered page and React can take it over. */
const loadMatchedPages = () => preloadMatched(matchRoutes(routes, window.location));

const Routes = () => useRoutes(routes);
const app = () => (
  <StrictMode>
    <BrowserRouter>
      <Routes />
    </BrowserRouter>
  </StrictMode>
);

// Not a top-level await: that would hold DOMContentLoaded (and the first paint) until the
// page's module arrived. Then a task of its own (not in the same task as running the page's
// modules), and in a transition, so React hydrates in short slices: a slow phone's main
// thread stays free to answer a tap (one long task otherwise, ~0.5 s on a slow CPU).
const hydrate = () => setTimeout(() => startTransition(() => void hydrateRoot(container, app())));
const render = () => createRoot(container).render(app());
// A page module that fails to download (app/route-error.tsx): render instead, so the
// page loads it again and, failing, shows its error page (which reloads once).
if (prerendered) void loadMatchedPages().then(hydrate, render);
// HTML prerendered for this path without the query string (e.g. /signup?mode=login): it stays
// on screen until the page's module and its lazy parts (components/lazy-part.tsx) are here,
// rather than giving way to 'Loading…' or a part's placeholder first.
else if (container.firstElementChild) void loadMatchedPages().then(partsLoaded).then(render, render);
else render();
