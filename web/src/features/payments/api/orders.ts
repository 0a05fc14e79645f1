import { array, number, object, string, type ObjectSchema } from 'yup';
import type { OrderRequest, OrderView } from '@api/types';
import { api } from '@/lib/api-client';

export const orderSchema: ObjectSchema<OrderRequest> = object({
  items: array(
    object({
      productId: string().trim().required('productId is required.'),
      quantity: number().required().integer().min(1, 'Quantity cannot go below 1.').max(100, 'At most 100 at a time.'),
    }),
  )
    .required()
    .min(1, 'Choose at least one product.'),
});

/** A shop order: the server prices it from the catalog. */
export const createOrder = (body: OrderRequest) => api.post<OrderView>('/orders', body, { auth: true });
