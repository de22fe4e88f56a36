/* global window, document */
// The checkout remote's integration in miniature, built by the React test with Vite:
// PayPalScriptProvider with sdkBaseUrl pointing at the double, PayPalButtons with a server-side
// createOrder. window.events records the callbacks; window.setDisabled drives the `disabled` prop.
import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';
import { createElement as h, useState } from 'react';
import { createRoot } from 'react-dom/client';

const params = new URLSearchParams(window.location.search);
window.events = [];
const record = (type, data) => window.events.push({ type, data });

function Checkout() {
  const [disabled, setDisabled] = useState(false);
  window.setDisabled = setDisabled;
  return h(
    PayPalScriptProvider,
    {
      options: {
        clientId: params.get('clientId'),
        currency: 'USD',
        intent: 'capture',
        sdkBaseUrl: params.get('sdkBaseUrl'),
      },
    },
    h(PayPalButtons, {
      style: { color: 'gold', shape: 'rect', label: 'paypal', layout: 'vertical' },
      disabled,
      onClick: () => record('click'),
      createOrder: async () => {
        const response = await fetch('/create-order', { method: 'POST' });
        const order = await response.json();
        record('createOrder', order.id);
        return order.id;
      },
      onApprove: async (data) => record('approve', data),
      onCancel: (data) => record('cancel', data),
      onError: (error) => record('error', String(error.message ?? error)),
    }),
  );
}

createRoot(document.getElementById('root')).render(h(Checkout));
