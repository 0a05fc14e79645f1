import { appointmentPayable } from './services/booking/payable-appointment';
import { orderPayable } from './services/orders/payable-order';
import { renewalPayable, subscriptionPayable } from './services/packages/subscription-periods';
import { registerPayable } from './services/payments/payable';

/**
 * The kinds of payable, each implemented in its own domain, registered with payments in this one
 * place (docs/money.md "Payables"): payments imports none of them. index.ts loads it, so every
 * deployed function has them; the functions tests load it as their setup (test-support/payables.ts).
 * The order is the re-check's.
 */
registerPayable(subscriptionPayable);
registerPayable(appointmentPayable);
registerPayable(orderPayable);
registerPayable(renewalPayable);
