import { object, string, type ObjectSchema } from 'yup';
import type { SubscribeRequest, SubscriptionView } from '@api/types';
import { api } from '@/lib/api-client';

export const subscribeSchema: ObjectSchema<SubscribeRequest> = object({
  packageId: string().trim().required('packageId is required.'),
});

/** Creates the caller's Unpaid subscription to a package, or returns the Unpaid one that exists. */
export const subscribeToPackage = (body: SubscribeRequest) => api.post<SubscriptionView>('/subscriptions', body, { auth: true });
