import { cancellationTerms } from '../../../api/policy';
import { SERVICE_ID } from '../../../api/service-catalog';
import { PAYMENT_STATUS, type Appointment } from '../../../api/types';
import { HttpError } from '../../../http/errors';
import { upcomingAppointments } from '../../booking/appointments';
import { cancelAppointment } from '../../booking/cancel-and-delete';
import { HINT, screens } from '../screens';
import { end, menu, showMain, whenLabel, type Caller, type Handler, type Reply, type Step } from './common';
import { needsPin } from './pin';

export async function showNext(caller: Caller, hint?: string): Promise<Reply> {
  const [next] = await upcomingAppointments(caller.patientId!);
  if (!next) return menu(screens.nothingNext(hint), 'next');
  const paid =
    next.paymentStatus === PAYMENT_STATUS.Paid
      ? 'Paid'
      : next.requiresPayment
        ? `Not paid (${next.consultationFee ? `GHS ${next.consultationFee.toFixed(2)}` : ''})`.replace(' ()', '')
        : next.coveredBy
          ? 'Covered by your package'
          : 'Nothing to pay';
  const who = next.doctorSurName ? `Dr ${next.doctorSurName}` : next.assignedToName;
  return menu(
    screens.next({ what: serviceName(next), when: whenLabel(next.requestedDay, next.requestedTime), who, paid }, hint),
    'next',
    { appointmentId: next.appointmentId },
  );
}

const serviceName = (a: Pick<Appointment, 'requestedServiceId' | 'visitMode' | 'requestedService'>) =>
  a.requestedServiceId === SERVICE_ID.virtualConsultation && a.visitMode === 'phone' ? 'Phone consultation' : a.requestedService;

/** My next appointment (main menu 2): see it, cancel it under the policy. */
export const nextSteps = {
  next: async (caller, typed, data) => {
    if (typed === '0') return showMain();
    if (!data.appointmentId) return typed === '1' ? menu(screens.bookService(), 'book') : showNext(caller, HINT.choice);
    if (typed !== '1') return showNext(caller, HINT.choice);
    const [next] = await upcomingAppointments(caller.patientId!);
    if (!next || next.appointmentId !== data.appointmentId) return showNext(caller);
    const terms = cancellationTerms(next);
    if (!terms.allowed)
      return end(screens.notCancellable('This appointment can no longer be cancelled here. Please call the clinic.'));
    return menu(screens.confirmCancel({ refund: terms.refundAmount, kept: terms.feeAmount }), 'cancel', data);
  },

  cancel: async (caller, typed, data) => {
    if (typed === '0') return showNext(caller);
    if (typed !== '1') return showNext(caller, HINT.choice);
    const pin = await needsPin(caller, { then: 'cancel', thenData: data, typed });
    if (pin) return pin;
    try {
      const { cancellation } = await cancelAppointment(caller.patientId!, String(data.appointmentId));
      return end(screens.cancelled({ refund: cancellation.allowed ? cancellation.refundAmount : 0 }));
    } catch (err) {
      if (err instanceof HttpError && err.status < 500) return end(screens.notCancellable(err.message));
      throw err;
    }
  },
} satisfies Partial<Record<Step, Handler>>;
