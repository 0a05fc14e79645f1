import { Navigate, type RouteObject } from 'react-router-dom';
import { PublicLayout, RootLayout } from '@/app/layout';
import { Loading } from '@/components/spinner';

/** Each page is its own chunk: a visitor on a phone downloads only the page they open. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

/**
 * Public pages whose HTML is rendered at build time (prerender.mjs), so a phone paints the
 * page before any script arrives. Pages that show a signed-in patient's data, or that are
 * built from the query string or a product id, are rendered in the browser only.
 */
export const PRERENDERED_PATHS = [
  '/',
  '/packages',
  '/signup',
  '/careers',
  '/about-us',
  '/appointment',
  '/appointment-page',
  '/products',
  '/gallery',
  '/e-library',
  '/specialists',
  '/faqs',
  '/contact-us',
  '/privacy',
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // What the browser shows while the page's module loads, on pages it renders itself.
    hydrateFallbackElement: <Loading />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, lazy: page(() => import('@/features/home/pages/home-page')) },
          { path: 'packages', lazy: page(() => import('@/features/packages/pages/packages-page')) },
          { path: 'signup', lazy: page(() => import('@/features/accounts/pages/signup-page')) },
          { path: 'auth', lazy: page(() => import('@/features/accounts/pages/account-check-page')) },
          { path: 'careers', lazy: page(() => import('@/features/careers/pages/careers-page')) },
          { path: 'about-us', lazy: page(() => import('@/features/about/pages/about-page')) },
          { path: 'appointment', lazy: page(() => import('@/features/appointments/pages/appointment-page')) },
          { path: 'appointment-page', lazy: page(() => import('@/features/appointments/pages/appointment-page')) },
          { path: 'products', lazy: page(() => import('@/features/products/pages/products-page')) },
          { path: 'product/:id', lazy: page(() => import('@/features/products/pages/product-details-page')) },
          { path: 'checkout', lazy: page(() => import('@/features/products/pages/checkout-page')) },
          { path: 'gallery', lazy: page(() => import('@/features/gallery/pages/gallery-page')) },
          { path: 'e-library', lazy: page(() => import('@/features/e-library/pages/e-library-page')) },
          { path: 'specialists', lazy: page(() => import('@/features/specialists/pages/specialists-page')) },
          { path: 'faqs', lazy: page(() => import('@/features/faqs/pages/faqs-page')) },
          { path: 'contact-us', lazy: page(() => import('@/features/contact/pages/contact-page')) },
          { path: 'privacy', lazy: page(() => import('@/features/privacy/pages/privacy-page')) },
          { path: 'unsubscribe', lazy: page(() => import('@/features/privacy/pages/unsubscribe-page')) },
        ],
      },
      {
        path: 'dashboard',
        lazy: page(() => import('@/features/dashboard/pages/dashboard-layout')),
        children: [
          { index: true, lazy: page(() => import('@/features/dashboard/pages/appointments-view')) },
          { path: 'profile', lazy: page(() => import('@/features/dashboard/pages/profile-view')) },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
