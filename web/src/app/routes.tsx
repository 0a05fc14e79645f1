import { Navigate, type RouteObject } from 'react-router-dom';
import { PublicLayout, RootLayout } from '@/app/layout';
import { PRERENDERED_PATHS, type PatientPath, type PublicPath, type VisitPath } from '@/app/paths';
import { RouteError } from '@/app/route-error';
import { Loading } from '@/components/spinner';

export { PRERENDERED_PATHS };

type PageModule = () => Promise<{ default: React.ComponentType }>;

/** Each page is its own chunk: a visitor on a phone downloads only the page they open. */
const page = (load: PageModule) => async () => ({ Component: (await load()).default });

/** Pages that show only what the site ships with. */
const STATIC_PAGES = {
  '/': () => import('@/features/home/pages/home-page'),
  '/signup': () => import('@/features/accounts/pages/signup-page'),
  '/auth': () => import('@/features/accounts/pages/account-check-page'),
  '/careers': () => import('@/features/careers/pages/careers-page'),
  '/about-us': () => import('@/features/about/pages/about-page'),
  '/e-library': () => import('@/features/e-library/pages/e-library-page'),
  '/specialists': () => import('@/features/specialists/pages/specialists-page'),
  '/faqs': () => import('@/features/faqs/pages/faqs-page'),
  '/contact-us': () => import('@/features/contact/pages/contact-page'),
  '/privacy': () => import('@/features/privacy/pages/privacy-page'),
  '/unsubscribe': () => import('@/features/privacy/pages/unsubscribe-page'),
} satisfies Partial<Record<PublicPath, PageModule>>;

/** Pages that load server state (TanStack Query): they sit under ServerStateLayout. */
const DATA_PAGES = {
  '/packages': () => import('@/features/packages/pages/packages-page'),
  '/appointment': () => import('@/features/appointments/pages/appointment-page'),
  '/appointment-page': () => import('@/features/appointments/pages/appointment-page'),
  '/products': () => import('@/features/products/pages/products-page'),
  '/product/:id': () => import('@/features/products/pages/product-details-page'),
  '/checkout': () => import('@/features/products/pages/checkout-page'),
  '/gallery': () => import('@/features/gallery/pages/gallery-page'),
  '/rx': () => import('@/features/rx/pages/rx-page'),
  '/rx/:code': () => import('@/features/rx/pages/rx-page'),
} satisfies Partial<Record<PublicPath, PageModule>>;

/** The dashboard's pages, under its layout (which guards them). */
const PATIENT_PAGES = {
  '/dashboard': () => import('@/features/dashboard/pages/appointments-view'),
  '/dashboard/records': () => import('@/features/dashboard/pages/records-view'),
  '/dashboard/profile': () => import('@/features/dashboard/pages/profile-view'),
} satisfies Record<PatientPath, PageModule>;

/** The visit: full screen, without the site's navigation (a tap away would end the call). */
const VISIT_PAGES = {
  '/visit/:appointmentId': () => import('@/features/visit/pages/visit-page'),
} satisfies Record<VisitPath, PageModule>;

// Every public path has exactly one page (a new path in paths.ts without a page fails the type check).
({ ...STATIC_PAGES, ...DATA_PAGES }) satisfies Record<PublicPath, PageModule>;

/** Route objects for `pages`, their paths relative to `under`. */
const routesOf = (pages: Record<string, PageModule>, under = '/'): RouteObject[] =>
  Object.entries(pages).map(([path, load]) =>
    path === under
      ? { index: true, lazy: page(load) }
      : { path: path.slice(under === '/' ? 1 : under.length + 1), lazy: page(load) },
  );

const serverStateLayout = page(() => import('@/app/server-state-layout'));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // What the browser shows while the page's module loads, on pages it renders itself.
    hydrateFallbackElement: <Loading />,
    // A page that fails (its chunk did not download, or it threw): reload once, then say so, and report it.
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [...routesOf(STATIC_PAGES), { lazy: serverStateLayout, children: routesOf(DATA_PAGES) }],
      },
      {
        lazy: serverStateLayout,
        children: [
          {
            path: 'dashboard',
            lazy: page(() => import('@/features/dashboard/pages/dashboard-layout')),
            children: routesOf(PATIENT_PAGES, '/dashboard'),
          },
          // The staff console routes inside its own chunk (app/staff-console.tsx): its ten pages
          // cost the shell that every public page loads one import, not ten lists of chunks.
          { path: 'staff/*', lazy: page(() => import('@/app/staff-console')) },
        ],
      },
      ...routesOf(VISIT_PAGES),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
