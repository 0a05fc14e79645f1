import { object, string, type InferType } from 'yup';

export const MOBILE_NETWORKS = ['MTN', 'Vodafone', 'AirtelTigo'] as const;
export type PaymentMethod = 'mobile-money' | 'card';

/** 0XXXXXXXXX or +233XXXXXXXXX, spaces and dashes allowed: the mobile money wallet's number. */
const GHANA_MOBILE = /^(?:0|\+?233)[235]\d{8}$/;

export const mobileMoneySchema = object({
  phone: string()
    .trim()
    .required('Mobile money number is required.')
    .test('ghana-mobile', 'Mobile money number must be a Ghana number, like 024 123 4567.', (v) =>
      GHANA_MOBILE.test((v ?? '').replace(/[\s-]/g, '')),
    ),
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
