import { object, string, type InferType } from 'yup';
import { SITE } from '@/content/site';
import { showInfo } from '@/lib/dialogs';

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
 * What the person confirms: the product by name and how many. No price or total: the
 * server reads the price from the catalog, as checkout did for the page.
 */
export interface ProductOrder {
  productName: string;
  quantity: number;
  method: PaymentMethod;
  mobileMoney?: MobileMoneyDetails;
}

/**
 * PAYMENT HOOK. Paying for shop orders belongs to the payments work: it replaces this body
 * with a call that starts the provider's checkout on the server (design.md: the server
 * prices the order and marks it Paid). Until then, say plainly that the order is not paid.
 */
export async function payForOrder(order: ProductOrder): Promise<void> {
  await showInfo(
    `Online payment for shop orders opens soon. To order ${order.quantity} × ${order.productName} now, call us on ${SITE.phone} and we will deliver to your door.`,
    'Not paid yet',
  );
}
