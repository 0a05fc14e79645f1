import type { OrderRequest, OrderView } from '@api/types';
import { api } from '@/lib/api-client';

/** A shop order: the server prices it from the catalog. */
export const createOrder = (body: OrderRequest) => api.post<OrderView>('/orders', body, { auth: true });
