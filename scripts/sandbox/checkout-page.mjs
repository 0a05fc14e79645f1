// @ts-check
// The provider's hosted checkout page (in the merchant's frame or alone): Mobile Money (MTN,
// Telecel, AT) or Card, Pay or Cancel; and the pages that follow it.

/** @typedef {import('./payments.mjs').Checkout} Checkout */

/** @param {string} s */
export const escapeHtml = (s) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** @param {string} title @param {string} body @param {string} [head] */
export function page(title, body, head = '') {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Payment sandbox</title>
<style>
  *{box-sizing:border-box} body{margin:0;font:16px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2933;background:#f4f6f8}
  main{max-width:420px;margin:0 auto;padding:16px} h1{font-size:1.15rem;margin:.2rem 0 .6rem}
  .banner{background:#fff3cd;color:#5c4400;border-radius:6px;padding:6px 10px;font-size:.85rem;margin-bottom:12px}
  .amount{font-size:1.6rem;font-weight:700;margin:.2rem 0} .desc{color:#52606d;margin:0 0 12px}
  fieldset{border:0;padding:0;margin:0 0 12px} legend{font-weight:600;margin-bottom:6px}
  .tabs{display:flex;gap:8px} .tabs label{flex:1;border:2px solid #cbd2d9;border-radius:8px;padding:10px;text-align:center;cursor:pointer;background:#fff}
  .tabs input{position:absolute;opacity:0} .tabs input:checked+span{font-weight:700} .tabs label:has(input:checked){border-color:#0b6e4f}
  .tabs label:has(input:focus-visible){outline:3px solid #1d4ed8}
  label.field{display:block;margin:10px 0 4px;font-weight:600} input[type=text],input[type=tel],select{width:100%;padding:10px;border:1px solid #9aa5b1;border-radius:6px;font:inherit;background:#fff}
  .actions{display:flex;gap:8px;margin-top:16px} button{flex:1;padding:12px;border-radius:8px;font:inherit;font-weight:700;cursor:pointer;border:2px solid #0b6e4f}
  .pay{background:#0b6e4f;color:#fff} .cancel{background:#fff;color:#0b6e4f}
  .error{color:#b42318;font-weight:600} .ok{color:#0b6e4f;font-weight:700;font-size:1.1rem}
  #card-fields[hidden],#momo-fields[hidden]{display:none}
</style></head><body><main>
<div class="banner">Payment sandbox: no real money moves.</div>
<h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>`;
}

/** @param {Checkout} checkout @param {string} phone @param {string} [error] */
export function checkoutPage(checkout, phone, error) {
  if (checkout.state === 'Paid')
    return page('Payment successful', '<p class="ok" role="status">This checkout has been paid.</p>');
  if (checkout.state === 'Cancelled')
    return page('Payment cancelled', '<p>This checkout was cancelled. You can close this window.</p>');
  if (checkout.state === 'Closed')
    return page(
      'Checkout closed',
      `<p role="status">The merchant closed this checkout: nothing can be paid here, and nothing was taken.</p>
       <p><a href="${escapeHtml(checkout.returnUrl)}">Back to the merchant</a></p>`,
    );
  return page(
    'Pay securely',
    `<p class="amount">GHS ${checkout.totalAmount.toFixed(2)}</p>
<p class="desc">${escapeHtml(checkout.description)}</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/checkout/${checkout.checkoutId}/pay">
  <fieldset><legend>Pay with</legend>
    <div class="tabs">
      <label><input type="radio" name="method" value="mobilemoney" checked><span>Mobile Money</span></label>
      <label><input type="radio" name="method" value="card"><span>Card</span></label>
    </div>
  </fieldset>
  <div id="momo-fields">
    <label class="field" for="network">Network</label>
    <select id="network" name="network"><option value="MTN">MTN</option><option value="Telecel">Telecel</option><option value="AT">AT</option></select>
    <label class="field" for="phone">Mobile Money number</label>
    <input id="phone" name="phone" type="tel" inputmode="tel" autocomplete="tel" placeholder="024 123 4567" value="${escapeHtml(phone)}">
  </div>
  <div id="card-fields" hidden>
    <label class="field" for="cardNumber">Card number</label>
    <input id="cardNumber" name="cardNumber" type="text" inputmode="numeric" autocomplete="cc-number" placeholder="4111 1111 1111 1111">
    <label class="field" for="expiry">Expiry (MM/YY)</label>
    <input id="expiry" name="expiry" type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="12/29">
    <label class="field" for="cvv">CVV</label>
    <input id="cvv" name="cvv" type="text" inputmode="numeric" autocomplete="cc-csc" placeholder="123">
  </div>
  <div class="actions">
    <button class="pay" type="submit">Pay</button>
    <button class="cancel" type="submit" formaction="/checkout/${checkout.checkoutId}/cancel">Cancel</button>
  </div>
</form>
<script>
  for (const r of document.querySelectorAll('input[name=method]')) r.addEventListener('change', () => {
    const card = document.querySelector('input[name=method]:checked').value === 'card';
    document.getElementById('card-fields').hidden = !card;
    document.getElementById('momo-fields').hidden = card;
  });
</script>`,
  );
}
