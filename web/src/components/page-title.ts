import { useEffect } from 'react';
import { SITE } from '@/content/site';

const fullTitle = (title: string) =>
  title ? `${title} – ${SITE.brand}` : `${SITE.brand} – Healthcare at home and online in Ghana`;

// At build time (entry-server.tsx) the page being rendered records its title here, for the
// page's <title>: effects do not run there.
let renderedTitle = '';
const recordTitle = (title: string) => {
  renderedTitle = title;
};

/** The title recorded by the page rendered last at build time; clears it for the next page. */
export function takeRenderedTitle(): string {
  const title = renderedTitle;
  renderedTitle = '';
  return title;
}

/** Sets the document title for a page; screen readers announce it on navigation. */
export function usePageTitle(title: string) {
  if (typeof document === 'undefined') recordTitle(fullTitle(title));
  useEffect(() => {
    document.title = fullTitle(title);
  }, [title]);
}
