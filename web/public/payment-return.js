// The provider sends the checkout to payment-return.html when it ends (returnUrl / cancellationUrl).
/* global window, document, location, URLSearchParams */
var status = new URLSearchParams(location.search).get('status') === 'cancelled' ? 'cancelled' : 'success';
if (status === 'cancelled') document.getElementById('text').textContent = 'The payment was cancelled.';
// In the Make Payment frame: tell the page (same origin) to close the modal and check the payment.
if (window.parent !== window) window.parent.postMessage({ type: 'expmed-payment-return', status: status }, location.origin);
