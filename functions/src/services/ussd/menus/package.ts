import { formatDate } from '../../../api/format';
import { MANDATE_STATUS, type MandateView, type MobileNetwork } from '../../../api/direct-debit';
import { MOBILE_NETWORKS } from '../../../api/mobile-networks';
import { HttpError } from '../../../http/errors';
import { createSubscription, liveSubscriptionsOf, periodOf, statusOf } from '../../packages/subscriptions';
import { cancelAutorenew, mandateOfSubscription, startAutorenew, verifyAutorenew } from '../../packages/direct-debit';
import { listPackages } from '../../public/catalog';
import { HINT, type PackageRenewal, screens } from '../screens';
import {
  CATALOGUE_TTL_MS,
  end,
  input,
  keptFor,
  menu,
  picked,
  showMain,
  type Caller,
  type Handler,
  type Reply,
  type Step,
} from './common';
import { needsPin } from './pin';

const packagesNow = keptFor(CATALOGUE_TTL_MS, () => listPackages());

/** Where the package's automatic renewal stands (docs/direct-debit.md): a Declined or Cancelled mandate is off. */
function renewalOf(mandate: MandateView | undefined): PackageRenewal {
  if (mandate?.status === MANDATE_STATUS.Active)
    return { kind: 'active', on: formatDate(new Date(mandate.nextChargeAt!)), amount: mandate.nextChargeAmount ?? 0 };
  if (mandate?.status === MANDATE_STATUS.Pending) return { kind: mandate.verificationType === 'OTP' ? 'otp' : 'prompt' };
  return { kind: 'off' };
}

export async function showPackage(caller: Caller, hint?: string): Promise<Reply> {
  const [live] = await liveSubscriptionsOf(caller.patientId!);
  if (!live) return menu(screens.noPackage(hint), 'package', { has: false });
  const end = periodOf(live.data).periodEnd;
  const daysLeft = end ? Math.max(0, Math.ceil((Date.parse(end) - Date.now()) / 86_400_000)) : 0;
  const renewal = renewalOf(await mandateOfSubscription(live.id));
  return menu(screens.pkg({ title: live.data.packageTitle, status: statusOf(live.data), daysLeft, renewal }, hint), 'package', {
    has: true,
    renewal: renewal.kind,
  });
}

/** What the direct-debit service refused (a second opt-in, nothing to approve or stop), said as a screen. */
const refusedAs = (err: unknown): Reply => {
  if (err instanceof HttpError && err.status < 500) return end(screens.renewalRefused(err.message));
  throw err;
};

/**
 * "Renew automatically": the same opt-in as the package card (startAutorenew), from the caller's
 * own number on its network; a network the request did not name is asked. A second opt-in (a
 * retry in another session) is refused by the service and said in its words.
 */
async function startRenewal(caller: Caller, network: MobileNetwork | undefined): Promise<Reply> {
  if (!network) return menu(screens.chooseNetwork(), 'renewNetwork');
  try {
    // The caller's own number, proved by the gateway's key (routes/ussd.ts): no code is needed.
    const { verificationType } = await startAutorenew(
      caller.patientId!,
      { msisdn: caller.mobile, network },
      new Date(),
      'channel',
    );
    return end(verificationType === 'OTP' ? screens.approveByCode(caller.shortcode) : screens.approvePrompt());
  } catch (err) {
    return refusedAs(err);
  }
}

/** My package (main menu 3): status and days left, the free trial, renewing automatically. */
export const packageSteps = {
  package: async (caller, typed, data) => {
    if (typed === '0') return showMain();
    // Every choice here but 0 changes the package or its mandate: the PIN first.
    const changes = data.has ? (data.renewal === 'otp' ? ['1', '2'] : ['1']) : ['1'];
    if (changes.includes(typed)) {
      const pin = await needsPin(caller, { then: 'package', thenData: data, typed });
      if (pin) return pin;
    }
    if (data.has) {
      if (data.renewal === 'off' && typed === '1') return startRenewal(caller, caller.network);
      if (data.renewal === 'otp' && typed === '1') return input(screens.askApprovalCode(), 'approvalCode');
      const stop = data.renewal === 'otp' ? '2' : '1';
      if (data.renewal !== 'off' && typed === stop) return menu(screens.confirmStop(), 'stopRenewal');
      return showPackage(caller, HINT.choice);
    }
    if (typed !== '1') return showPackage(caller, HINT.choice);
    const free = (await packagesNow()).find((p) => p.packagePrice === 'Free');
    if (!free) return end(screens.trialRefused('The free trial is not offered now.'));
    try {
      const { subscription } = await createSubscription({ uid: caller.patientId! }, free.id);
      return end(screens.trialStarted({ until: subscription.endDate ? formatDate(new Date(subscription.endDate)) : '' }));
    } catch (err) {
      if (err instanceof HttpError && err.status < 500) return end(screens.trialRefused(err.message));
      throw err;
    }
  },

  renewNetwork: async (caller, typed) => {
    if (typed === '0') return showPackage(caller);
    const network = picked(typed, MOBILE_NETWORKS);
    return network ? startRenewal(caller, network) : menu(screens.chooseNetwork(HINT.choice), 'renewNetwork');
  },

  approvalCode: async (caller, typed) => {
    if (!/^[A-Za-z0-9-]{3,20}$/.test(typed)) return input(screens.askApprovalCode(HINT.approvalCode), 'approvalCode');
    try {
      const mandate = await verifyAutorenew(caller.patientId!, typed);
      const renewal = renewalOf(mandate);
      if (renewal.kind !== 'active') return showPackage(caller);
      return end(screens.renewsNow({ on: renewal.on, amount: renewal.amount, number: mandate.maskedNumber }));
    } catch (err) {
      // A wrong code may be typed again; anything else (nothing waiting) is said as it is.
      if (err instanceof HttpError && err.status === 400)
        return input(screens.askApprovalCode(HINT.approvalCode), 'approvalCode');
      return refusedAs(err);
    }
  },

  stopRenewal: async (caller, typed, data) => {
    if (typed === '0') return showPackage(caller);
    if (typed !== '1') return menu(screens.confirmStop(HINT.choice), 'stopRenewal');
    const pin = await needsPin(caller, { then: 'stopRenewal', thenData: data, typed });
    if (pin) return pin;
    try {
      await cancelAutorenew(caller.patientId!);
      return end(screens.renewalStopped());
    } catch (err) {
      return refusedAs(err);
    }
  },
} satisfies Partial<Record<Step, Handler>>;
