/**
 * Refunds due and the payments the settlement refused (docs/money.md; shapes in @api/staff
 * and @api/types): the desk marks a refund sent and resolves an alert.
 */
import type { MarkRefundedRequest, StaffRefund } from '@api/staff';
import type { PaymentAlert, StaffPaymentAlert } from '@api/types';
import { api } from '@/lib/api-client';
import { staffKeys, useChange, usePaged } from '@/features/staff/api/console-query';

const opts = { auth: true } as const;
const id = encodeURIComponent;

export const paymentAlertKeys = { all: [...staffKeys.all, 'payment-alerts'] as const };

export const useRefunds = (status: StaffRefund['status']) =>
  usePaged<StaffRefund>([...staffKeys.refunds, status], '/staff/refunds', { status });

export const useMarkRefunded = () =>
  useChange(
    ({ refundId, ...sent }: MarkRefundedRequest & { refundId: string }) =>
      api.post<StaffRefund>(`/staff/refunds/${id(refundId)}/refunded`, sent, opts),
    [staffKeys.refunds],
  );

/** Payments the settlement refused (a transaction a second record named): the Open ones first. */
export const usePaymentAlerts = (status: PaymentAlert['status']) =>
  usePaged<StaffPaymentAlert>([...paymentAlertKeys.all, status], '/staff/payment-alerts', { status });

export const useResolveAlert = () =>
  useChange(
    ({ alertId, note }: { alertId: string; note: string }) =>
      api.post<StaffPaymentAlert>(`/staff/payment-alerts/${id(alertId)}/resolved`, { note }, opts),
    [paymentAlertKeys.all],
  );
