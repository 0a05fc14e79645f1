import { FieldValue, type DocumentData } from 'firebase-admin/firestore';
import { badRequest, notFound } from '../http/errors';
import { newClientReference } from '../payments/client-reference';
import { FREE_PACKAGE_AMOUNT } from '../api/prices';
import type { Package, PackagePrice, SubscriptionView } from '../api/types';
import { COLLECTIONS } from '../store/collections';
import { db } from '../store/firebase';
import { plainRecord, SUBSCRIPTION_DAYS } from './payments';

export const CUSTOM_PRICING_MSG =
  'This package is priced for each organisation: please use the Make Enquiries form and our team will contact you.';

/** What a package costs per month, decided here and never by the browser. */
export function amountForPrice(price: PackagePrice): number {
  if (price === 'Free') return FREE_PACKAGE_AMOUNT;
  if (typeof price === 'number' && price > 0) return price;
  throw badRequest(CUSTOM_PRICING_MSG);
}

const subscriptions = () => db().collection(COLLECTIONS.subscriptions);

async function packageById(packageId: string): Promise<Package> {
  const snap = await db().collection(COLLECTIONS.packages).doc(packageId).get();
  if (!snap.exists) throw notFound(`There is no package '${packageId}'.`);
  return { ...(snap.data() as Package), id: snap.id };
}

function view(id: string, data: DocumentData, pkg: Package | undefined, now = Date.now()): SubscriptionView {
  const plain = plainRecord(data);
  const endMs = typeof plain.endDate === 'string' ? Date.parse(plain.endDate) : undefined;
  const daysLeft = endMs === undefined ? undefined : Math.max(0, Math.ceil((endMs - now) / 86_400_000));
  return {
    ...(plain as object),
    id,
    packageTitle: pkg?.packageTitle ?? String(data.packageTitle ?? ''),
    packagePrice: pkg?.packagePrice ?? data.packagePrice,
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
  const mine = await subscriptions().where('patientId', '==', caller.uid).get();
  const unpaid = mine.docs.find((d) => d.get('packageId') === packageId && d.get('paymentStatus') === 'Unpaid');
  if (unpaid) {
    // The price may have changed since: an unpaid subscription follows the catalog.
    if (unpaid.get('amount') !== amount) await unpaid.ref.update({ amount });
    return { subscription: view(unpaid.id, { ...unpaid.data(), amount }, pkg), created: false };
  }
  const ref = subscriptions().doc();
  const data = {
    patientId: caller.uid,
    packageId,
    packageTitle: pkg.packageTitle,
    amount,
    paymentStatus: 'Unpaid',
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
  const [mine, packages] = await Promise.all([
    subscriptions().where('patientId', '==', patientId).get(),
    db().collection(COLLECTIONS.packages).get(),
  ]);
  const byId = new Map(packages.docs.map((d) => [d.id, { ...(d.data() as Package), id: d.id }]));
  return mine.docs
    .map((d) => ({ d, created: d.get('createdAt')?.toMillis?.() ?? 0 }))
    .sort((a, b) => b.created - a.created)
    .map(({ d }) => view(d.id, d.data(), byId.get(d.get('packageId'))));
}

export const subscriptionView = (id: string, data: DocumentData) => view(id, data, undefined);
