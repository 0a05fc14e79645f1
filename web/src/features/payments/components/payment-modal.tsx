import { useEffect } from 'react';
import { formatGhs } from '@api/format';
import { Modal } from '@/components/modal';
import { useSession } from '@/features/accounts/session';
import './payment-modal.css';

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

const genderLabel = (g: string | undefined) => (g ? g.charAt(0) + g.slice(1).toLowerCase() : '');

/**
 * 'Make Payment': a read-only summary of who pays for what, and the provider's checkout in a
 * frame. Card numbers and mobile-money PINs are typed on the provider's page, never on ours.
 */
export function PaymentModal({ open, checkoutUrl, paymentText, amount, onClose }: PaymentModalProps) {
  const session = useSession();
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

  const rows: [string, string][] = [
    ['Full Name', patient ? `${patient.firstName} ${patient.lastName}` : ''],
    ['Contact', patient?.contactNumber ?? ''],
    ['Email', email],
    ['Gender', genderLabel(patient?.gender)],
    ['Location', patient?.patientLocation ?? ''],
    ['Payment', amount === undefined ? paymentText : `${paymentText} (${formatGhs(amount)})`],
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
        Pay by Mobile Money (MTN, Vodafone, AirtelTigo) or card on the secure checkout below. Close this window when you are done.
      </p>
      <iframe className="payment-frame" src={checkoutUrl} title="Secure checkout" allow="payment" />
    </Modal>
  );
}
