import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { CompleteVisitDialog } from '@/features/staff/components/complete-visit-dialog';
import { queryClient } from '@/lib/query-client';

/**
 * Complete visit from the call screen: the console's own dialog and request (summary, clinical
 * notes, follow-up), so a visit is completed one way wherever the doctor is. The visit page
 * sits outside the site's server-state layout, so the dialog gets the site's one query client
 * here: the console's lists it refreshes are the ones the doctor goes back to.
 */
export default function CompleteVisit(props: ComponentProps<typeof CompleteVisitDialog>) {
  return (
    <QueryClientProvider client={queryClient}>
      <CompleteVisitDialog {...props} />
    </QueryClientProvider>
  );
}
