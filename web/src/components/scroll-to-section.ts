import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { prefersReducedMotion } from '@/lib/reduced-motion';

/** State the home page reads to scroll to a section once it has rendered. */
export interface ScrollState {
  scrollTo?: string;
}

export function scrollToId(id: string): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  const reduce = prefersReducedMotion();
  el.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  return true;
}

/** Scrolls to a home section; from another page it goes home first and the home page scrolls when ready. */
export function useScrollToSection() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (id: string) => {
      if (pathname === '/' && scrollToId(id)) return;
      navigate('/', { state: { scrollTo: id } satisfies ScrollState });
    },
    [navigate, pathname],
  );
}
