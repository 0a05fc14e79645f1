import { lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { PublicLayout, RootLayout } from '@/app/layout';
import { partsLoaded } from '@/components/lazy-part';
import { PRERENDERED_PATHS, type PatientPath, type PublicPath, type VisitPath } from '@/app/paths';

export { PRERENDERED_PATHS };

type PageModule = () => Promise<{ default: ComponentType }>;

/** What a route carries besides its element: how to fetch its chunk ahead of the first render. */
export interface RouteHandle {
  preload: () => Promise<unknown>;
}

/**
 * A module of its own chunk, as a component: a visitor on a phone downloads only the page
 * they open. `preload` fetches it ahead: main.tsx and entry-server.tsx wait for the matched
 * pages before the first render, so that render is the page itself (the prerendered HTML), not
 * a fallback; once loaded it renders at once, without suspending.
 */
function lazyModule(load: PageModule): { Component: ComponentType; handle: RouteHandle } {
  let Loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        Loaded = module.default;
        return module;
      },
      (err: unknown) => {
        loading = undefined; // a later try may download it (lib/chunk-recovery.ts reloads once)
        throw err;
      },
    ));
  // Rendered anew (a link from another page), it waits for the page's own lazy parts too
  // (components/lazy-part.tsx), so the page shows whole rather than a placeholder first.
  const Lazy = lazy(() => preload().then((module) => partsLoaded().then(() => module)));
  const Component = () => (Loaded ? <Loaded /> : <Lazy />);
  return { Component, handle: { preload } };
}

/** A route whose element is a lazily loaded module. */
const lazyRoute = (load: PageModule, route: Omit<RouteObject, 'element' | 'handle'> = {}): RouteObject => {
  const { Component, handle } = lazyModule(load);
  return { ...route, element: <Component />, handle } as RouteObject;
};

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
      ? lazyRoute(load, { index: true })
      : lazyRoute(load, { path: path.slice(under === '/' ? 1 : under.length + 1) }),
  );

const serverState = (children: RouteObject[]) => lazyRoute(() => import('@/app/server-state-layout'), { children });

/**
 * Declarative routes (useRoutes), not a data router: the site loads no data through the
 * router, and createBrowserRouter's code cost every page ~20 KB gzip more (docs/performance.md).
 * The root layout (app/layout.tsx) catches a page that fails and shows what to do.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicLayout />,
        children: [...routesOf(STATIC_PAGES), serverState(routesOf(DATA_PAGES))],
      },
      serverState([
        lazyRoute(() => import('@/features/dashboard/pages/dashboard-layout'), {
          path: 'dashboard',
          children: routesOf(PATIENT_PAGES, '/dashboard'),
        }),
        // The staff console routes inside its own chunk (app/staff-console.tsx): its ten pages
        // cost the shell that every public page loads one import, not ten lists of chunks.
        lazyRoute(() => import('@/app/staff-console'), { path: 'staff/*' }),
      ]),
      ...routesOf(VISIT_PAGES),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** Fetches the chunks of the routes matching `location` (before the first render: see lazyModule). */
export async function preloadMatched(matches: { route: RouteObject }[] | null): Promise<void> {
  await Promise.all((matches ?? []).map(({ route }) => (route.handle as RouteHandle | undefined)?.preload()));
}
