import { FieldValue } from 'firebase-admin/firestore';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { newClientReference } from '../../provider/client-reference';
import { CURRENCY, FREE_PACKAGE_AMOUNT } from '../../api/prices';
import { PERIOD_DAYS, TRIAL_DAYS } from '../../api/policy';
import { formatDate } from '../../api/format';
import {
  allowanceWindow,
  canRenew,
  daysLeft,
  daysMs,
  isLive,
  leftOf,
  type Renewal,
  renewalOpensAt,
  SUBSCRIPTION_STATUS,
  type SubscriptionStatus,
  type SubscriptionUsage,
  TRIAL_USED,
} from '../../api/subscriptions-contract';
import { type Package, type PackagePrice, PAYMENT_STATUS, type SubscriptionView } from '../../api/types';
import { listPackages } from '../public/catalog';
import { packageById as storedPackage } from '../../store/catalog';
import { storedTime } from '../../store/converter';
import {
  newSubscriptionRef,
  renewalRef,
  subscriptionRef,
  subscriptionsOf,
  trialClaimRef,
  usageId,
  usageRef,
  type StoredSubscription,
} from '../../store/subscriptions';
import { runTransaction } from '../../store/transaction';
import { notifyPatient } from '../../notifications/notify';
import { subscriptionCancelled, trialStarted } from '../../notifications/templates/subscriptions';
import { hasCode } from '../../store/error-codes';
import { mandatesOf, type StoredMandate } from '../../store/mandates';
import { mandateView } from './mandate-view';

export const CUSTOM_PRICING_MSG =
  'This package is priced for each organisation: please use the Make Enquiries form and our team will contact you.';

/** What a paid package costs per month, decided here and never by the browser; the Free package's follow-on is FREE_PACKAGE_AMOUNT. */
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

/** The status a stored subscription has: documents written before statuses existed are read by their payment. */
export function statusOf(data: Pick<StoredSubscription, 'status' | 'paymentStatus'>): SubscriptionStatus {
  if (data.status) return data.status;
  return data.paymentStatus === PAYMENT_STATUS.Paid ? 'Active' : 'Pending';
}

/** The period fields, read from older documents' startDate/endDate too. */
export function periodOf(data: StoredSubscription) {
  const status = statusOf(data);
  const periodStart = data.periodStart ?? data.startDate;
  const periodEnd = data.periodEnd ?? data.endDate;
  return { status, periodStart, periodEnd };
}

/** What renewing costs: the package's monthly price (the Free package's follow-on after the trial). */
export const renewalAmountOf = (pkg: Package | undefined, data: StoredSubscription): number | undefined => {
  if (data.trial) return FREE_PACKAGE_AMOUNT;
  const price = pkg?.packagePrice;
  if (price === 'Free') return FREE_PACKAGE_AMOUNT;
  return typeof price === 'number' && price > 0 ? price : undefined;
};

function usageView(
  pkg: Package | undefined,
  window: { start: Date; end: Date },
  counts: { virtualConsultation?: number; homeVisit?: number } = {},
): SubscriptionUsage | undefined {
  if (!pkg?.benefits) return undefined;
  const v = counts.virtualConsultation ?? 0;
  const h = counts.homeVisit ?? 0;
  return {
    periodStart: window.start.toISOString(),
    periodEnd: window.end.toISOString(),
    virtualConsultations: { used: v, left: leftOf(pkg.benefits.virtualConsultationsPerPeriod, v) },
    homeVisits: { used: h, left: leftOf(pkg.benefits.homeVisitsPerPeriod, h) },
  };
}

function view(
  id: string,
  data: StoredSubscription,
  pkg: Package | undefined,
  counts?: { virtualConsultation?: number; homeVisit?: number },
  now = new Date(),
  mandate?: StoredMandate,
): SubscriptionView {
  const { status: stored, periodStart, periodEnd } = periodOf(data);
  const period = { status: stored, periodStart, periodEnd };
  const live = isLive(period, now);
  // The job may not have run yet: a period that has ended reads Expired at once.
  const status: SubscriptionStatus = !live && stored !== 'Pending' && periodEnd ? 'Expired' : stored;
  const renewable = canRenew({ ...period, status }, now);
  const window = live && periodStart && periodEnd ? allowanceWindow({ periodStart, periodEnd }, now) : undefined;
  return {
    ...data,
    id,
    status,
    renews: live && data.renews !== false && status !== SUBSCRIPTION_STATUS.Cancelled,
    trial: Boolean(data.trial),
    packageTitle: pkg?.packageTitle ?? String(data.packageTitle ?? ''),
    packagePrice: pkg?.packagePrice ?? (data as Partial<SubscriptionView>).packagePrice,
    packageItems: pkg?.packageItems ?? [],
    isActive: live,
    ...(periodStart ? { periodStart } : {}),
    ...(periodEnd ? { periodEnd, daysLeft: daysLeft(periodEnd, now) } : {}),
    ...(pkg?.benefits ? { benefits: pkg.benefits } : {}),
    ...(window ? { usage: usageView(pkg, window, counts) } : {}),
    canRenew: renewable,
    ...(!renewable && periodEnd && status !== SUBSCRIPTION_STATUS.Pending
      ? { renewOpensOn: renewalOpensAt(periodEnd).toISOString() }
      : {}),
    ...(status !== SUBSCRIPTION_STATUS.Pending && renewalAmountOf(pkg, data) !== undefined
      ? { renewalAmount: renewalAmountOf(pkg, data) }
      : {}),
    ...(mandate ? { mandate: mandateView(id, mandate, renewalAmountOf(pkg, data)) } : {}),
  } as SubscriptionView;
}

/** The benefit use of a live subscription's current window. */
async function countsOf(id: string, data: StoredSubscription, now = new Date()) {
  const { periodStart, periodEnd, status } = periodOf(data);
  if (!periodStart || !periodEnd || !isLive({ status, periodStart, periodEnd }, now)) return undefined;
  const window = allowanceWindow({ periodStart, periodEnd }, now);
  return (await usageRef(usageId(id, window.start)).get()).data();
}

const newestFirst = (a: { data: StoredSubscription }, b: { data: StoredSubscription }) =>
  (b.data.createdAt ? Date.parse(b.data.createdAt) : 0) - (a.data.createdAt ? Date.parse(a.data.createdAt) : 0);

/** The patient's subscriptions whose benefits apply now, newest first. */
export async function liveSubscriptionsOf(patientId: string, now = new Date()) {
  const mine = await subscriptionsOf(patientId);
  return mine.filter(({ data }) => isLive(periodOf(data), now)).sort(newestFirst);
}

/** The Free package: a TRIAL_DAYS trial at once, no payment; trialClaims/{patientId} makes it once per patient, ever. */
async function startTrial(caller: { uid: string; email?: string }, pkg: Package): Promise<SubscriptionView> {
  const ref = newSubscriptionRef();
  const now = new Date();
  const periodEnd = new Date(now.getTime() + daysMs(TRIAL_DAYS));
  const data: StoredSubscription = {
    patientId: caller.uid,
    packageId: pkg.id,
    packageTitle: pkg.packageTitle,
    amount: 0,
    paymentStatus: PAYMENT_STATUS.Trial,
    status: SUBSCRIPTION_STATUS.Trial,
    trial: true,
    renews: true,
    duration: TRIAL_DAYS,
    clientReference: newClientReference(),
    isActive: true,
    periodStart: now.toISOString(),
    periodEnd: periodEnd.toISOString(),
    startDate: now.toISOString(),
    endDate: periodEnd.toISOString(),
    emailAddress: caller.email ?? '',
    createdAt: now.toISOString(),
  };
  try {
    await runTransaction(async (tx) => {
      tx.create(trialClaimRef(caller.uid), { subscriptionId: ref.id, at: storedTime(now) });
      tx.create(ref, data);
      await notifyPatient(caller.uid, trialStarted({ packageTitle: pkg.packageTitle, periodEnd: data.periodEnd! }), {
        tx,
        kind: 'confirmation',
      });
    });
  } catch (err) {
    if (hasCode(err, 'ALREADY_EXISTS')) throw conflict(TRIAL_USED);
    throw err;
  }
  return view(ref.id, data, pkg, {}, now);
}

/**
 * POST /subscriptions. The Free package starts its trial at once (201, no payment, once per
 * patient). A paid package is Pending and Unpaid until the provider confirms payment (an
 * Unpaid one for the same package is answered again). A package already running is a 409:
 * it is renewed, not bought twice. Switching to another package: it starts when paid, at
 * full price; the package it replaces stops renewing and runs to its own periodEnd.
 */
export async function createSubscription(
  caller: { uid: string; email?: string },
  packageId: string,
): Promise<{ subscription: SubscriptionView; created: boolean }> {
  const pkg = await packageById(packageId);
  const amount = amountForPrice(pkg.packagePrice);
  const mine = await subscriptionsOf(caller.uid);
  const running = mine.find(({ data }) => data.packageId === packageId && isLive(periodOf(data)));
  if (running) {
    const until = formatDate(new Date(periodOf(running.data).periodEnd!));
    throw conflict(`You already have the ${pkg.packageTitle} until ${until}. You can renew it from your profile.`);
  }
  if (pkg.packagePrice === 'Free') {
    if (mine.some(({ data }) => data.trial)) throw conflict(TRIAL_USED);
    return { subscription: await startTrial(caller, pkg), created: true };
  }
  const unpaid = mine.find(({ data }) => data.packageId === packageId && data.paymentStatus === PAYMENT_STATUS.Unpaid);
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
    status: SUBSCRIPTION_STATUS.Pending,
    trial: false,
    renews: true,
    duration: PERIOD_DAYS,
    clientReference: newClientReference(),
    isActive: false,
    emailAddress: caller.email ?? '',
    createdAt: FieldValue.serverTimestamp(),
  };
  await ref.create(data);
  const { createdAt: _c, ...stored } = data;
  return { subscription: view(ref.id, { ...stored, createdAt: new Date().toISOString() }, pkg), created: true };
}

/** The caller's own subscription; another patient's answers 403, an unknown one 404. */
async function ownSubscription(patientId: string, subscriptionId: string) {
  const snap = await subscriptionRef(subscriptionId).get();
  const data = snap.data();
  if (!data) throw notFound('We could not find that subscription.');
  if (data.patientId !== patientId) throw forbidden();
  return data;
}

/**
 * POST /subscriptions/renew: the payment for the next period, from RENEWAL_WINDOW_DAYS
 * before periodEnd (or after it ended). A renewal is a record of its own with a new
 * clientReference, paid through /payment/initiate; one per period, answered again until paid.
 */
export async function renewSubscription(caller: { uid: string }, subscriptionId: string, now = new Date()): Promise<Renewal> {
  const data = await ownSubscription(caller.uid, subscriptionId);
  const period = periodOf(data);
  if (period.status === SUBSCRIPTION_STATUS.Pending)
    throw conflict('This subscription has not been paid yet: complete its payment first.');
  if (!canRenew(period, now)) {
    throw conflict(`You can renew this package from ${formatDate(renewalOpensAt(period.periodEnd!))}.`);
  }
  const pkg = await storedPackage(data.packageId);
  const amount = renewalAmountOf(pkg, data);
  if (amount === undefined) throw badRequest(CUSTOM_PRICING_MSG);
  const ref = renewalRef(subscriptionId, period.periodEnd!);
  const openOrCreate = () =>
    runTransaction(async (tx) => {
      const open = (await tx.get(ref)).data();
      if (open?.paymentStatus === PAYMENT_STATUS.Paid) throw conflict('This period has already been renewed.');
      const clientReference = open?.clientReference ?? newClientReference();
      // The catalog's price, unless a checkout already asks the patient for the stored one.
      const charged = open?.checkoutStartedAt ? open.amount : amount;
      if (open && open.amount !== charged) tx.update(ref, { amount: charged });
      if (!open)
        tx.create(ref, {
          subscriptionId,
          patientId: caller.uid,
          packageId: data.packageId,
          packageTitle: pkg?.packageTitle ?? data.packageTitle,
          amount,
          currencyCode: CURRENCY,
          paymentStatus: PAYMENT_STATUS.Unpaid,
          clientReference,
          createdAt: now.toISOString(),
        });
      return { subscriptionId, renewalId: ref.id, clientReference, amount: charged, currencyCode: CURRENCY };
    });
  // ALREADY_EXISTS: a press at the same moment created it first; reading again answers that one.
  return openOrCreate().catch((err: unknown) => {
    if (hasCode(err, 'ALREADY_EXISTS')) return openOrCreate();
    throw err;
  });
}

/** POST /subscriptions/cancel: no more renewal; the benefits last until periodEnd. */
export async function cancelSubscription(patientId: string, subscriptionId: string, now = new Date()): Promise<SubscriptionView> {
  const fresh = await runTransaction(async (tx) => {
    const ref = subscriptionRef(subscriptionId);
    const data = (await tx.get(ref)).data();
    if (!data) throw notFound('We could not find that subscription.');
    if (data.patientId !== patientId) throw forbidden();
    const period = periodOf(data);
    if (period.status === SUBSCRIPTION_STATUS.Cancelled) throw conflict('This subscription is already cancelled.');
    if (!isLive(period, now)) throw conflict('Only a running subscription can be cancelled.');
    const change = { status: SUBSCRIPTION_STATUS.Cancelled, renews: false, cancelledAt: now.toISOString() };
    tx.update(ref, { ...change, cancelledAt: storedTime(now) });
    await notifyPatient(patientId, subscriptionCancelled({ packageTitle: data.packageTitle, periodEnd: period.periodEnd! }), {
      tx,
      kind: 'confirmation',
    });
    return { ...data, ...change };
  });
  const [pkg, counts] = await Promise.all([storedPackage(fresh.packageId), countsOf(subscriptionId, fresh, now)]);
  return view(subscriptionId, fresh, pkg, counts, now);
}

/** The caller's subscriptions with the package, period, benefits and this window's use, newest first. */
export async function listSubscriptions(patientId: string, now = new Date()): Promise<SubscriptionView[]> {
  const [mine, packages, mandates] = await Promise.all([subscriptionsOf(patientId), listPackages(), mandatesOf(patientId)]);
  const byId = new Map(packages.map((p) => [p.id, p]));
  const mandateOf = new Map(mandates.map((m) => [m.subscriptionId, m.data]));
  const sorted = mine.sort(newestFirst);
  const counts = await Promise.all(sorted.map(({ id, data }) => countsOf(id, data, now)));
  return sorted.map(({ id, data }, i) => view(id, data, byId.get(data.packageId), counts[i], now, mandateOf.get(id)));
}

export const subscriptionView = (id: string, data: StoredSubscription) => view(id, data, undefined);
