import { object, string, type InferType } from 'yup';
import type { SubscriptionView } from '@api/types';
import { api } from '@/lib/api-client';

export const subscribeSchema = object({
  packageId: string().trim().required('packageId is required.'),
});
export type SubscribeRequest = InferType<typeof subscribeSchema>;

/** Creates the caller's Unpaid subscription to a package, or returns the Unpaid one that exists. */
export const subscribeToPackage = (body: SubscribeRequest) => api.post<SubscriptionView>('/subscriptions', body, { auth: true });
