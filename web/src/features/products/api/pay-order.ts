import { object, string, type InferType } from 'yup';
import { MOBILE_NETWORKS } from '@api/mobile-networks';
import { ghanaPhone } from '@api/request-fields';

export { MOBILE_NETWORKS };
export type PaymentMethod = 'mobile-money' | 'card';

export const mobileMoneySchema = object({
  /** The mobile money wallet's number: the API's one Ghana phone rule (api/ghana-phone.ts). */
  phone: ghanaPhone('Mobile money number'),
  network: string()
    .required('Network is required.')
    .oneOf([...MOBILE_NETWORKS], 'Network is required.'),
});
export type MobileMoneyDetails = InferType<typeof mobileMoneySchema>;

/**
 * What the person confirms: the product and how many. No price or total: the server
 * prices the order from the catalog (POST /orders) and the payments flow takes it from there.
 */
export interface ProductOrder {
  productId: string;
  productName: string;
  quantity: number;
  method: PaymentMethod;
  mobileMoney?: MobileMoneyDetails;
}
