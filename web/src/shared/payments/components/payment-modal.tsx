import { useEffect } from 'react';
import { formatGhs } from '@api/format';
import { MOBILE_NETWORKS_TEXT } from '@api/mobile-networks';
import { Modal } from '@/components/modal';
import { useSession } from '@/shared/session/session';
import './payment-modal.css';
import { genderText } from '@/lib/choices';

/** What web/public/payment-return.html posts to its parent when the checkout ends. */
export const PAYMENT_RETURN_MESSAGE = 'expmed-payment-return';

export interface PaymentModalProps {
  open: boolean;
  /** checkoutDirectUrl from POST /payment/initiate: the provider's page, shown in the frame. */
  checkoutUrl: string;
  /** The 'Payment' line of the summary, e.g. 'Subscription for package'. */
  paymentText: string;
  /** The amount the server decided, shown for reassurance (the provider's page shows it too). */
  amount?: number;
  /** Called when the patient closes the modal or the checkout returns; the caller then checks the payment. */
  onClose: () => void;
}

/**
 * 'Make Payment': a read-only summary of who pays for what, and the provider's checkout in a
 * frame. Card numbers and mobile-money PINs are typed on the provider's page, never on ours.
 */
export function PaymentModal({ open, checkoutUrl, paymentText, amount, onClose }: PaymentModalProps) {
  const session = useSession({ unhurried: true });
  // The record in memory (the browser keeps none in storage): a payment needs a signed-in patient.
  const patient = session.status === 'signed-in' ? session.patient : null;
  const email = patient?.emailAddress ?? (session.status === 'signed-in' ? session.email : '');

  // The return page (same origin) tells us when the checkout is over: close like the X does.
  useEffect(() => {
    if (!open) return;
    const onMessage = (e: MessageEvent) => {
      if (e.origin === window.location.origin && (e.data as { type?: unknown })?.type === PAYMENT_RETURN_MESSAGE) onClose();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [open, onClose]);

  // The spec's summary, Payment first; the rest as one compact block, so the checkout stays in view on a phone.
  const rows: [string, string][] = [
    ['Payment', amount === undefined ? paymentText : `${paymentText} (${formatGhs(amount)})`],
    ['Full Name', patient ? `${patient.firstName} ${patient.lastName}` : ''],
    ['Contact', patient?.contactNumber ?? ''],
    ['Email', email],
    ['Gender', patient?.gender ? genderText(patient.gender) : ''],
    ['Location', patient?.patientLocation ?? ''],
  ];

  return (
    <Modal open={open} onClose={onClose} title="Make Payment" className="payment-modal">
      <dl className="payment-summary">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
      <p className="payment-note">
        Pay by mobile money ({MOBILE_NETWORKS_TEXT}) or card below. This window closes by itself once the payment is done.
      </p>
      <iframe className="payment-frame" src={checkoutUrl} title="Secure checkout" allow="payment" />
    </Modal>
  );
}
