/**
 * The desk's call-back queue (docs/ussd.md; shapes and schemas in @api/ussd): who asked the
 * clinic to call them, and what happened when it did.
 */
import { useQuery } from '@tanstack/react-query';
import type { CallbackOutcome, CallbackRequest, CallbackStatus } from '@api/ussd';
import { api } from '@/lib/api-client';
import { staffKeys, useChange } from '@/features/staff/api/console-query';

const opts = { auth: true } as const;

export const callbackKeys = { all: [...staffKeys.all, 'callbacks'] as const };

export const useCallbacks = (status: CallbackStatus | 'all') =>
  useQuery({
    queryKey: [...callbackKeys.all, status],
    queryFn: ({ signal }) => api.get<CallbackRequest[]>('/staff/callbacks', { ...opts, signal, query: { status } }),
  });

export const useCallbackOutcome = () =>
  useChange(
    ({ callbackId, ...outcome }: CallbackOutcome & { callbackId: string }) =>
      api.post<CallbackRequest>(`/staff/callbacks/${encodeURIComponent(callbackId)}`, outcome, opts),
    [callbackKeys.all],
  );
