import { FieldValue } from 'firebase-admin/firestore';
import { badRequest, notFound } from '../http/errors';
import { newClientReference } from '../payments/client-reference';
import { FREE_PACKAGE_AMOUNT } from '../api/prices';
import type { Package, PackagePrice, SubscriptionView } from '../api/types';
import { listPackages } from './catalog';
import { packageById as storedPackage } from '../store/catalog';
import { newSubscriptionRef, subscriptionRef, subscriptionsOf, type StoredSubscription } from '../store/subscriptions';
import { SUBSCRIPTION_DAYS } from './payments';

export const CUSTOM_PRICING_MSG =
  'This package is priced for each organisation: please use the Make Enquiries form and our team will contact you.';

/** What a package costs per month, decided here and never by the browser. */
export function amountForPrice(price: PackagePrice): number {
  if (price === 'Free') return FREE_PACKAGE_AMOUNT;
  if (typeof price === 'number' && price > 0) return price;
  throw badRequest(CUSTOM_PRICING_MSG);
}

async function packageById(packageId: string): Promise<Package> {
  const pkg = await storedPackage(packageId);
  if (!pkg) throw notFound(`There is no package '${packageId}'.`);
  return pkg;
}

function view(id: string, data: StoredSubscription, pkg: Package | undefined, now = Date.now()): SubscriptionView {
  const endMs = typeof data.endDate === 'string' ? Date.parse(data.endDate) : undefined;
  const daysLeft = endMs === undefined ? undefined : Math.max(0, Math.ceil((endMs - now) / 86_400_000));
  return {
    ...data,
    id,
    packageTitle: pkg?.packageTitle ?? String(data.packageTitle ?? ''),
    packagePrice: pkg?.packagePrice ?? (data as Partial<SubscriptionView>).packagePrice,
    packageItems: pkg?.packageItems ?? [],
    isActive: Boolean(data.isActive) && (daysLeft === undefined || daysLeft > 0),
    ...(daysLeft === undefined ? {} : { daysLeft }),
  } as SubscriptionView;
}

/**
 * The caller's subscription to a package, Unpaid until the provider confirms payment.
 * An Unpaid one for the same package is returned instead of making a second.
 */
export async function createSubscription(
  caller: { uid: string; email?: string },
  packageId: string,
): Promise<{ subscription: SubscriptionView; created: boolean }> {
  const pkg = await packageById(packageId);
  const amount = amountForPrice(pkg.packagePrice);
  const mine = await subscriptionsOf(caller.uid);
  const unpaid = mine.find(({ data }) => data.packageId === packageId && data.paymentStatus === 'Unpaid');
  if (unpaid) {
    // The price may have changed since: an unpaid subscription follows the catalog.
    if (unpaid.data.amount !== amount) await subscriptionRef(unpaid.id).update({ amount });
    return { subscription: view(unpaid.id, { ...unpaid.data, amount }, pkg), created: false };
  }
  const ref = newSubscriptionRef();
  const data = {
    patientId: caller.uid,
    packageId,
    packageTitle: pkg.packageTitle,
    amount,
    paymentStatus: 'Unpaid' as const,
    duration: SUBSCRIPTION_DAYS,
    clientReference: newClientReference(),
    isActive: false,
    emailAddress: caller.email ?? '',
    createdAt: FieldValue.serverTimestamp(),
  };
  await ref.create(data);
  const { createdAt: _c, ...stored } = data;
  return { subscription: view(ref.id, { ...stored, createdAt: new Date().toISOString() }, pkg), created: true };
}

/** The caller's subscriptions with the package joined in, newest first. */
export async function listSubscriptions(patientId: string): Promise<SubscriptionView[]> {
  const [mine, packages] = await Promise.all([subscriptionsOf(patientId), listPackages()]);
  const byId = new Map(packages.map((p) => [p.id, p]));
  const created = (s: StoredSubscription) => (s.createdAt ? Date.parse(s.createdAt) : 0);
  return mine.sort((a, b) => created(b.data) - created(a.data)).map(({ id, data }) => view(id, data, byId.get(data.packageId)));
}

export const subscriptionView = (id: string, data: StoredSubscription) => view(id, data, undefined);
