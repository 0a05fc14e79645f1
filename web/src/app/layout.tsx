import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
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

/** Every route sits under this: scroll is restored on back/forward and reset on new pages. */
export function RootLayout() {
  // Marks the page as taken over by React (the end-to-end tests wait for it before acting).
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
