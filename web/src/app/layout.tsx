import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { PageErrorBoundary } from '@/app/route-error';
import { Footer } from '@/components/footer';
import { Navbar } from '@/components/navbar';
import { Loading } from '@/components/spinner';
import { TopBar } from '@/components/top-bar';

/** Public pages: top bar, navbar, the page, footer. */
export function PublicLayout() {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <TopBar />
      <Navbar />
      <main id="main" className="public-main" tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </>
  );
}

/** A new page starts at its top; back and forward leave the position to the browser, and a #section to the page. */
function useScrollToTopOnNewPage() {
  const { pathname, hash } = useLocation();
  const navigation = useNavigationType();
  useEffect(() => {
    if (navigation !== 'POP' && !hash) window.scrollTo(0, 0);
    // Only when the page changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}

/**
 * Every route sits under this: a page that fails shows what to do (app/route-error.tsx), a
 * page whose chunk is still on its way shows Loading.
 */
export function RootLayout() {
  // Marks the page as taken over by React (the end-to-end tests wait for it before acting).
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  useScrollToTopOnNewPage();
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary key={pathname}>
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );
}
