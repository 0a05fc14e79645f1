import { SANDBOX, setFaults } from '../../test-support/payments';
import { newClientReference } from '../client-reference';
import { initiateCheckout, ProviderError, providerTimeout, transactionStatus } from '../provider';

/** The provider client against the payment sandbox over HTTP: the protocol of docs/money.md. */
describe('the provider client and the sandbox', () => {
  it('when a checkout starts, then the status answers Unpaid for that reference and amount', async () => {
    const clientReference = newClientReference();
    const checkout = await initiateCheckout({
      clientReference,
      totalAmount: 49,
      description: 'Subscription for Student Package',
    });
    expect(checkout.checkoutDirectUrl).toMatch(/\/checkout\/direct\//);
    await expect(transactionStatus(clientReference)).resolves.toMatchObject({ status: 'Unpaid', amount: 49 });
  });

  it('when the provider has never seen a reference, then status is undefined (not an error)', async () => {
    await expect(transactionStatus(newClientReference())).resolves.toBeUndefined();
  });

  it('when the initiate call hangs, then the client gives up with a ProviderError instead of waiting forever', async () => {
    const clientReference = newClientReference();
    await setFaults(clientReference, { failInitiate: 'hang' });
    const { ms } = providerTimeout;
    providerTimeout.ms = 500;
    try {
      await expect(initiateCheckout({ clientReference, totalAmount: 10, description: 'x' })).rejects.toBeInstanceOf(
        ProviderError,
      );
    } finally {
      providerTimeout.ms = ms;
    }
  });

  it('when the Basic key is missing or wrong, then the sandbox refuses initiate and status with 401', async () => {
    const body = JSON.stringify({
      totalAmount: 1,
      description: 'x',
      callbackUrl: 'http://127.0.0.1/cb',
      returnUrl: 'http://127.0.0.1/r',
      cancellationUrl: 'http://127.0.0.1/c',
      merchantAccountNumber: '2020000',
      clientReference: newClientReference(),
    });
    const initiate = await fetch(`${SANDBOX}/items/initiate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(initiate.status).toBe(401);
    const status = await fetch(`${SANDBOX}/transactions/2020000/status?clientReference=x`, {
      headers: { Authorization: `Basic ${Buffer.from('someone:else').toString('base64')}` },
    });
    expect(status.status).toBe(401);
  });

  it('when a status error is set, then the client throws a ProviderError', async () => {
    const clientReference = newClientReference();
    await initiateCheckout({ clientReference, totalAmount: 10, description: 'x' });
    await setFaults(clientReference, { statusError: 'code' });
    await expect(transactionStatus(clientReference)).rejects.toBeInstanceOf(ProviderError);
  });
});
