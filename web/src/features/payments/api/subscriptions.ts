import type { SubscribeRequest, SubscriptionView } from '@api/types';
import { api } from '@/lib/api-client';

/** Creates the caller's Unpaid subscription to a package, or returns the Unpaid one that exists. */
export const subscribeToPackage = (body: SubscribeRequest) => api.post<SubscriptionView>('/subscriptions', body, { auth: true });
