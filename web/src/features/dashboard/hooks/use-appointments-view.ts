import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BOOKING_CONFIRMED, CONFIRM_BOOKING_PARAM } from '@api/front-desk';
import { formatWhen } from '@api/format';
import {
  appointmentKeys,
  cancellationSummary,
  fetchCancellation,
  useCancelAppointment,
  useConfirmAppointment,
  useDeleteAppointment,
  useLinkedAppointment,
  type Appointment,
} from '@/features/appointments/api/appointments';
import { usePaymentFlow } from '@/shared/payments/use-payment-flow';
import { confirm, showApiError, showInfo, showSuccess } from '@/lib/dialogs';

/**
 * Dashboard > Appointments' state and actions, so the view only renders: which panel is open,
 * and pay, cancel and delete, each owning its cache update and its busy state.
 */
export type Mode = { name: 'list' } | { name: 'create' } | { name: 'detail'; appointment: Appointment };

const paidIn = (clientReference: string) => (a: Appointment | undefined) =>
  a && a.clientReference === clientReference ? { ...a, paymentStatus: 'Paid' as const } : a;

/** The view's one state: the lists, the booking form, or one appointment. */
export function useAppointmentsMode() {
  const [mode, setMode] = useState<Mode>({ name: 'list' });
  const showList = useCallback(() => setMode({ name: 'list' }), []);
  const showCreate = useCallback(() => setMode({ name: 'create' }), []);
  const open = useCallback((appointment: Appointment) => setMode({ name: 'detail', appointment }), []);
  // The open appointment shows Paid at once, before its record refetches.
  const markPaid = useCallback(
    (clientReference: string) =>
      setMode((m) => (m.name === 'detail' ? { name: 'detail', appointment: paidIn(clientReference)(m.appointment)! } : m)),
    [],
  );
  return { mode, showList, showCreate, open, markPaid };
}

/** Make Payment of an appointment: paid ones show Paid in every cached detail, then every list and record refetches. */
export function usePayAppointment(onPaid: (clientReference: string) => void) {
  const queryClient = useQueryClient();
  const payment = usePaymentFlow({
    onPaid: ({ clientReference }) => {
      queryClient.setQueriesData<Appointment>({ queryKey: [...appointmentKeys.all, 'detail'] }, paidIn(clientReference));
      onPaid(clientReference);
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
    },
  });
  const pay = (a: Appointment) =>
    void payment.pay({ clientReference: a.clientReference, paymentText: a.requestedService, amount: a.consultationFee });
  return { pay, element: payment.element };
}

/** Delete Appointment: asks, deletes (the mutation updates the cache), then says so. */
export function useRemoveAppointment(onDeleted: () => void) {
  const deleting = useDeleteAppointment();
  async function remove(a: Appointment) {
    const what = `${a.requestedService} on ${formatWhen(a.requestedDay, a.requestedTime)} will be removed.`;
    if (!(await confirm('Delete Appointment?', 'Yes, delete', what, 'Keep appointment'))) return;
    try {
      await deleting.mutateAsync(a.appointmentId);
      onDeleted();
      await showSuccess('Deleted!', 'Your appointment has been deleted.');
    } catch (err) {
      // A refusal may mean it was paid meanwhile (the server asked the provider): the detail refetches its record.
      await showApiError(err);
    }
  }
  return { remove, busy: deleting.isPending };
}

/** Cancel Appointment: the server says which rule of the policy applies before the patient confirms. */
export function useCancelAppointmentFlow() {
  const cancelling = useCancelAppointment();
  async function cancel(a: Appointment) {
    try {
      const terms = await fetchCancellation(a.appointmentId);
      if (!terms.allowed) return void (await showInfo(terms.reason, 'Cancellation policy'));
      const when = formatWhen(a.requestedDay, a.requestedTime);
      const question = `${a.requestedService} on ${when} will be cancelled. ${cancellationSummary(terms)}`;
      if (!(await confirm('Cancel Appointment?', 'Yes, cancel', question, 'Keep appointment'))) return;
      const { cancellation } = await cancelling.mutateAsync(a.appointmentId);
      const refund = cancellation.allowed && cancellation.paid && cancellation.refundAmount > 0;
      await showSuccess(
        'Appointment cancelled',
        `Your ${a.requestedService} on ${when} has been cancelled.${refund ? ` ${cancellationSummary(cancellation)}` : ''}`,
      );
    } catch (err) {
      await showApiError(err);
    }
  }
  return { cancel, busy: cancelling.isPending };
}

/** Confirm booking: one click says the booking the clinic made is the patient's (no GET ever confirms: mail scanners open links). */
export function useConfirmAppointmentFlow() {
  const confirming = useConfirmAppointment();
  async function confirmBooking(a: Appointment) {
    try {
      await confirming.mutateAsync(a.appointmentId);
      await showSuccess('Saved!', BOOKING_CONFIRMED);
    } catch (err) {
      await showApiError(err);
    }
  }
  return { confirmBooking, busy: confirming.isPending };
}

/**
 * The link in a desk booking's notice (/dashboard?confirm=<id>, @api/front-desk confirmBookingPath)
 * opens that appointment's detail, where Confirm booking waits for the patient's click. Once open,
 * the address loses the parameter, so going back to the list stays there. Answers why it could not open.
 */
export function useOpenLinkedAppointment(open: (a: Appointment) => void): unknown {
  const [params, setParams] = useSearchParams();
  const linked = useLinkedAppointment(params.get(CONFIRM_BOOKING_PARAM));
  useEffect(() => {
    if (!linked.data) return;
    open(linked.data);
    setParams(
      (p) => {
        p.delete(CONFIRM_BOOKING_PARAM);
        return p;
      },
      { replace: true },
    );
  }, [linked.data, open, setParams]);
  return linked.error;
}
