// Build-time rendering of the public pages (prerender.mjs runs it under Node after the
// client build): the same routes and components as the browser, rendered to HTML.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { matchRoutes, StaticRouter, useRoutes } from 'react-router-dom';
import { preloadMatched, routes } from '@/app/routes';
import { takeRenderedTitle } from '@/components/page-title';

export { PRERENDERED_PATHS } from '@/app/routes';

const Routes = () => useRoutes(routes);

/** The HTML of the app at `path`, as the browser's first render will produce it, and the page's title. */
export async function render(path: string): Promise<{ html: string; title: string }> {
  takeRenderedTitle();
  // The matched pages' modules first, as main.tsx does; `prerender` then waits for lazy parts inside them.
  await preloadMatched(matchRoutes(routes, path));
  const app = (
    <StrictMode>
      <StaticRouter location={path}>
        <Routes />
      </StaticRouter>
    </StrictMode>
  );
  // One piece of plain HTML: by default React writes a large part as a hidden copy that an
  // inline script swaps in (to show the rest sooner), which the CSP would refuse.
  const { prelude } = await prerender(app, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const html = await new Response(prelude).text();
  if (html.includes('<script')) throw new Error(`${path} rendered an inline script, which the CSP would refuse`);
  return { html, title: takeRenderedTitle() };
}
