import { object, string, type InferType } from 'yup';
import { api } from '@/lib/api-client';

export const subscribeSchema = object({
  packageId: string().trim().required('packageId is required.'),
});
export type SubscribeRequest = InferType<typeof subscribeSchema>;

/** The caller's subscription as POST /subscriptions answers it: amount decided by the server. */
export interface CreatedSubscription {
  id: string;
  packageId: string;
  packageTitle: string;
  amount: number;
  paymentStatus: 'Unpaid' | 'Paid';
  duration: number;
  clientReference: string;
  isActive: boolean;
}

/** Creates the caller's Unpaid subscription to a package, or returns the Unpaid one that exists. */
export const subscribeToPackage = (body: SubscribeRequest) =>
  api.post<CreatedSubscription>('/subscriptions', body, { auth: true });
