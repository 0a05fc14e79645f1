import { useEffect } from 'react';
import { SITE } from '@/content/site';

/** Sets the document title for a page; screen readers announce it on navigation. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} – ${SITE.brand}` : `${SITE.brand} – Healthcare at home and online in Ghana`;
  }, [title]);
}
