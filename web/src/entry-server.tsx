// Build-time rendering of the public pages (prerender.mjs runs it under Node after the
// client build): the same routes and components as the browser, rendered to HTML.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes } from '@/app/routes';
import { takeRenderedTitle } from '@/components/page-title';

export { PRERENDERED_PATHS } from '@/app/routes';

/** The HTML of the app at `path`, as the browser's first render will produce it, and the page's title. */
export async function render(path: string): Promise<{ html: string; title: string }> {
  takeRenderedTitle();
  const handler = createStaticHandler(routes);
  // Resolves the matched routes' lazy page modules; `prerender` then waits for lazy parts inside them.
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answers a redirect (${context.status}): it cannot be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = (
    <StrictMode>
      {/* hydrate={false}: no inline hydration script, which the Content-Security-Policy would refuse. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>
  );
  // One piece of plain HTML: by default React writes a large part as a hidden copy that an
  // inline script swaps in (to show the rest sooner), which the CSP would refuse.
  const { prelude } = await prerender(app, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const html = await new Response(prelude).text();
  if (html.includes('<script')) throw new Error(`${path}: the prerendered HTML has an inline script, which the CSP would refuse`);
  return { html, title: takeRenderedTitle() };
}
