import { lazy, Suspense } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import type { StaffPath } from '@/app/paths';
import { Loading } from '@/components/spinner';

type PageModule = () => Promise<{ default: React.ComponentType }>;

/** The staff console's pages (paths.ts STAFF_PATHS: the type checker refuses a missing or unknown one), each its own chunk. */
const STAFF_PAGES = {
  '/staff': () => import('@/features/staff/pages/overview-page'),
  '/staff/appointments': () => import('@/features/desk/pages/appointments-page'),
  '/staff/appointments/:appointmentId': () => import('@/features/desk/pages/appointment-detail-page'),
  '/staff/book': () => import('@/features/desk/pages/book-page'),
  '/staff/day-sheet': () => import('@/features/desk/pages/day-sheet-page'),
  '/staff/visits': () => import('@/features/desk/pages/visits-page'),
  '/staff/rebooking': () => import('@/features/desk/pages/rebooking-page'),
  '/staff/inbox': () => import('@/features/desk/pages/inbox-page'),
  '/staff/orders': () => import('@/features/money/pages/orders-page'),
  '/staff/refunds': () => import('@/features/money/pages/refunds-page'),
  '/staff/callbacks': () => import('@/features/desk/pages/callbacks-page'),
  '/staff/patients': () => import('@/features/desk/pages/patients-page'),
  '/staff/patients/:patientId': () => import('@/features/desk/pages/patient-page'),
  '/staff/records/:patientId': () => import('@/features/record/pages/record-page'),
  '/staff/schedule': () => import('@/features/day/pages/schedule-page'),
  '/staff/closures': () => import('@/features/day/pages/closures-page'),
  '/staff/capacity': () => import('@/features/day/pages/capacity-page'),
  '/staff/roles': () => import('@/features/people/pages/roles-page'),
  '/staff/audit': () => import('@/features/people/pages/audit-page'),
} satisfies Record<StaffPath, PageModule>;

/** The layout signs staff in and guards every page by role (features/staff/pages/staff-layout.tsx). */
const StaffLayout = lazy(() => import('@/features/staff/pages/staff-layout'));
const ROUTES: RouteObject[] = [
  {
    element: <StaffLayout />,
    children: [
      ...Object.entries(STAFF_PAGES).map(([path, load]): RouteObject => {
        const Page = lazy(load);
        return path === '/staff' ? { index: true, element: <Page /> } : { path: path.slice('/staff/'.length), element: <Page /> };
      }),
      { path: '*', element: <Navigate to="/staff" replace /> },
    ],
  },
];

/** Everything under /staff: routed here, inside the console's chunk, so the site's shell carries one import for it. */
export default function StaffConsole() {
  const element = useRoutes(ROUTES);
  // The layout is a chunk of its own: something shows while it arrives.
  return <Suspense fallback={<Loading text="Loading the console…" />}>{element}</Suspense>;
}
