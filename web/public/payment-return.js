// The provider sends the checkout to payment-return.html when it ends (returnUrl / cancellationUrl),
// with the record's reference: the page asks the API what became of the payment and says it in
// words (docs/money.md, "The return page"), asking again for a minute while it is on its way.
/* global window, document, location, URLSearchParams, fetch, setTimeout */
var params = new URLSearchParams(location.search);
var status = params.get('status') === 'cancelled' ? 'cancelled' : 'success';
var ref = params.get('ref') || '';
var text = document.getElementById('text');
var ASK_EVERY_MS = 5000;
var ASKS = 12;

if (status === 'cancelled') text.textContent = 'The payment was cancelled.';

function ask(asked) {
  fetch('/api/payment/return/' + encodeURIComponent(ref) + '?status=' + status, { headers: { Accept: 'application/json' } })
    .then(function (res) {
      return res.json();
    })
    .then(function (body) {
      text.textContent = body.msg;
      if (body.data && body.data.outcome === 'waiting' && asked + 1 < ASKS)
        setTimeout(function () {
          ask(asked + 1);
        }, ASK_EVERY_MS);
    })
    .catch(function () {
      text.textContent =
        'We could not check this payment just now. If you paid, it will show as paid in your account within a few minutes.';
    });
}

// In the Make Payment frame: tell the page (same origin) to close the modal and check the payment.
if (window.parent !== window) window.parent.postMessage({ type: 'expmed-payment-return', status: status }, location.origin);
else if (/^[A-Za-z0-9]{10}$/.test(ref)) ask(0);
