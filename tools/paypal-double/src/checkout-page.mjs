// The page behind an order's `approve` link, for redirect integrations and demos: the buyer
// approves or cancels, and is sent back to return_url / cancel_url with PayPal's query parameters.

const escapeHtml = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char],
  );

/** @param {any} order  the order's full representation */
export function checkoutPage(order) {
  const { value, currency_code: currency } = order.purchase_units[0].amount;
  const token = escapeHtml(order.id);
  const description = order.purchase_units[0].description;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>PayPal Checkout (double)</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; }
  button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 1.5rem; border: 0; cursor: pointer; }
  .pay { background: #ffc439; font-weight: 600; }
  .cancel { background: none; text-decoration: underline; }
</style></head>
<body>
  <h1>PayPal (local double)</h1>
  <p>Order ${token}${description ? `: ${escapeHtml(description)}` : ''}</p>
  <p><strong>${escapeHtml(value)} ${escapeHtml(currency)}</strong></p>
  <form method="post" action="/checkoutnow/approve">
    <input type="hidden" name="token" value="${token}">
    <label>Buyer email <input name="payerEmail" type="email" value="buyer@example.com"></label>
    <p><button class="pay" type="submit">Pay Now</button></p>
  </form>
  <form method="post" action="/checkoutnow/cancel">
    <input type="hidden" name="token" value="${token}">
    <button class="cancel" type="submit">Cancel and return</button>
  </form>
</body>
</html>`;
}

export const messagePage = (text) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayPal (double)</title></head><body><p>${escapeHtml(text)}</p></body></html>`;

/** return_url?token=…&PayerID=… as PayPal redirects the buyer back. */
export function returnLocation(url, params) {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}
