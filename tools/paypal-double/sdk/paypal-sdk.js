/* global window, document */
// Stand-in for https://www.paypal.com/sdk/js, served by the PayPal double at /sdk/js. It defines
// the part of `window.paypal` that @paypal/paypal-js and @paypal/react-paypal-js use: Buttons,
// FUNDING, getFundingSources, isFundingEligible, version. Instead of PayPal's popup, a click
// approves the order on the double (as a buyer would) and then calls onApprove.
(function () {
  'use strict';

  const script = document.currentScript;
  const source = new URL(script.src);
  const doubleOrigin = source.origin;
  const query = source.searchParams;
  const sdkCurrency = (query.get('currency') || 'USD').toUpperCase();
  const sdkIntent = (query.get('intent') || 'capture').toLowerCase();
  const components = (query.get('components') || 'buttons').split(',').map((name) => name.trim());
  const namespace = script.getAttribute('data-namespace') || 'paypal';

  const FUNDING = {
    PAYPAL: 'paypal',
    VENMO: 'venmo',
    APPLEPAY: 'applepay',
    ITAU: 'itau',
    CREDIT: 'credit',
    PAYLATER: 'paylater',
    CARD: 'card',
    IDEAL: 'ideal',
    SEPA: 'sepa',
    BANCONTACT: 'bancontact',
    GIROPAY: 'giropay',
    SOFORT: 'sofort',
    EPS: 'eps',
    MYBANK: 'mybank',
    P24: 'p24',
    PAYU: 'payu',
    BLIK: 'blik',
    TRUSTLY: 'trustly',
    OXXO: 'oxxo',
    BOLETO: 'boleto',
    BOLETOBANCARIO: 'boletobancario',
    WECHATPAY: 'wechatpay',
    MERCADOPAGO: 'mercadopago',
    MULTIBANCO: 'multibanco',
    SATISPAY: 'satispay',
    PAIDY: 'paidy',
    ZIMPLER: 'zimpler',
    MAXIMA: 'maxima',
  };

  // PayPal's button palette: background, text, and the two-tone wordmark ('Pay' + 'Pal').
  const COLORS = {
    gold: { background: '#ffc439', text: '#111', border: 'none', logo: ['#003087', '#009cde'] },
    blue: { background: '#0070ba', text: '#fff', border: 'none', logo: ['#fff', '#fff'] },
    silver: { background: '#eee', text: '#111', border: 'none', logo: ['#003087', '#009cde'] },
    white: {
      background: '#fff',
      text: '#111',
      border: '1px solid #555',
      logo: ['#003087', '#009cde'],
    },
    black: { background: '#2c2e2f', text: '#fff', border: 'none', logo: ['#fff', '#fff'] },
  };
  const LABELS = {
    paypal: ['', ''],
    checkout: ['', 'Checkout'],
    buynow: ['', 'Buy Now'],
    pay: ['Pay with', ''],
    subscribe: ['', 'Subscribe'],
    donate: ['', 'Donate'],
    installment: ['', 'Pay in installments'],
  };

  const randomToken = (length) => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    let token = '';
    for (let i = 0; i < length; i += 1)
      token += alphabet[Math.floor(Math.random() * alphabet.length)];
    return token;
  };

  const notSupported = (what) => () =>
    Promise.reject(new Error(`not supported: ${what} on the server`));

  function Buttons(initialOptions) {
    let props = Object.assign({}, initialOptions);
    let root = null;
    let disabled = props.disabled === true;
    let busy = false;
    let closed = false;
    // After actions.restart() the buyer's next click approves the same order again.
    let restartOrderId = null;

    const isEligible = () => !props.fundingSource || props.fundingSource === FUNDING.PAYPAL;

    function reportError(error) {
      const err = error instanceof Error ? error : new Error(String(error));
      if (typeof props.onError === 'function') props.onError(err);
      else console.error(err);
    }

    /** Runs onClick; false (or actions.reject()) stops the flow, as with the real buttons. */
    async function clickAllowed() {
      if (typeof props.onClick !== 'function') return true;
      let rejected = false;
      const result = await props.onClick(
        { fundingSource: FUNDING.PAYPAL },
        {
          resolve: () => Promise.resolve(),
          reject: () => {
            rejected = true;
            return Promise.resolve();
          },
        },
      );
      return result !== false && !rejected;
    }

    async function orderIdFromMerchant() {
      if (restartOrderId) {
        const id = restartOrderId;
        restartOrderId = null;
        return id;
      }
      if (typeof props.createOrder !== 'function') {
        throw new Error('createOrder is required: create the order on the server');
      }
      const id = await props.createOrder(
        { paymentSource: FUNDING.PAYPAL },
        { order: { create: notSupported('create the order') } },
      );
      if (typeof id !== 'string' || id === '') throw new Error('Expected an order id to be passed');
      return id;
    }

    async function approveAsBuyer(orderID) {
      const response = await fetch(
        `${doubleOrigin}/__double/orders/${encodeURIComponent(orderID)}/approve`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ currency: sdkCurrency, intent: sdkIntent }),
        },
      );
      const order = await response.json();
      if (!response.ok) throw new Error(order.message || `approval failed (${response.status})`);
      return order;
    }

    async function run(flow) {
      if (busy || closed) return;
      try {
        if (!(await clickAllowed()) || disabled) return;
        busy = true;
        setBusy(true);
        await flow(await orderIdFromMerchant());
      } catch (error) {
        reportError(error);
      } finally {
        busy = false;
        setBusy(false);
      }
    }

    const pay = () =>
      run(async (orderID) => {
        const order = await approveAsBuyer(orderID);
        if (typeof props.onApprove !== 'function') return;
        await props.onApprove(
          {
            orderID,
            payerID: order.payer.payer_id,
            paymentID: null,
            billingToken: null,
            facilitatorAccessToken: `A21AA${randomToken(60)}`,
            paymentSource: FUNDING.PAYPAL,
          },
          {
            order: {
              capture: notSupported('capture the order'),
              authorize: notSupported('authorize the order'),
              get: notSupported('read the order'),
              patch: notSupported('update the order'),
            },
            redirect: (url) => window.location.assign(url),
            restart: () => {
              restartOrderId = orderID;
              return Promise.resolve();
            },
          },
        );
      });

    const cancel = () =>
      run(async (orderID) => {
        if (typeof props.onCancel === 'function') {
          await props.onCancel({ orderID }, { redirect: (url) => window.location.assign(url) });
        }
      });

    function setBusy(value) {
      if (!root) return;
      for (const button of root.querySelectorAll('button')) {
        button.setAttribute('aria-busy', String(value));
      }
    }

    function setDisabled(value) {
      disabled = value;
      if (!root) return;
      for (const button of root.querySelectorAll('button')) {
        // aria-disabled rather than disabled: like PayPal's, a disabled button still fires onClick.
        if (value) button.setAttribute('aria-disabled', 'true');
        else button.removeAttribute('aria-disabled');
        button.style.cursor = value ? 'not-allowed' : 'pointer';
      }
    }

    function draw(container) {
      const style = props.style || {};
      const colors = COLORS[style.color] || COLORS.gold;
      const [before, after] = LABELS[style.label] || LABELS.paypal;
      const height = Math.min(55, Math.max(25, Number(style.height) || 45));
      const radius =
        style.borderRadius !== undefined
          ? Number(style.borderRadius)
          : style.shape === 'pill'
            ? height / 2
            : style.shape === 'sharp'
              ? 0
              : 4;

      root = document.createElement('div');
      root.setAttribute('data-paypal-double', 'buttons');
      root.style.cssText = `display:flex;flex-direction:column;align-items:stretch;gap:6px;min-width:150px;${
        style.disableMaxWidth ? '' : 'max-width:750px;'
      }`;

      const payButton = document.createElement('button');
      payButton.type = 'button';
      // Named by what it shows ('Pay with PayPal', 'PayPal Checkout'...), as assistive
      // technology and speech input expect.
      payButton.setAttribute('aria-label', [before, 'PayPal', after].filter(Boolean).join(' '));
      payButton.style.cssText = `height:${height}px;border-radius:${radius}px;border:${colors.border};background:${colors.background};color:${colors.text};font:600 16px/1 Helvetica,Arial,sans-serif;cursor:pointer;display:flex;gap:5px;align-items:center;justify-content:center;`;
      const text = (content, css) => {
        const span = document.createElement('span');
        span.textContent = content;
        span.style.cssText = css;
        return span;
      };
      const wordmark = document.createElement('span');
      for (const [part, color] of [
        ['Pay', colors.logo[0]],
        ['Pal', colors.logo[1]],
      ]) {
        wordmark.append(
          text(part, `color:${color};font-style:italic;font-weight:800;font-size:18px;`),
        );
      }
      // The spaces make the button's text read 'Pay with PayPal' (flex gaps only look like them).
      if (before) payButton.append(text(`${before} `, ''));
      payButton.append(wordmark);
      if (after) payButton.append(text(` ${after}`, ''));
      payButton.addEventListener('click', pay);

      const cancelButton = document.createElement('button');
      cancelButton.type = 'button';
      cancelButton.textContent = 'Cancel payment';
      cancelButton.style.cssText =
        'align-self:center;background:none;border:none;color:#555;font:12px Helvetica,Arial,sans-serif;text-decoration:underline;cursor:pointer;';
      cancelButton.addEventListener('click', cancel);

      root.append(payButton, cancelButton);
      container.append(root);
      setDisabled(disabled);
    }

    return {
      isEligible,
      render(target) {
        const container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container) {
          return Promise.reject(
            new Error(`Document is ready and element ${String(target)} does not exist`),
          );
        }
        if (!isEligible()) return Promise.reject(new Error('Instance not eligible'));
        closed = false;
        draw(container);
        if (typeof props.onInit === 'function') {
          props.onInit(
            {},
            {
              enable: () => Promise.resolve(setDisabled(false)),
              disable: () => Promise.resolve(setDisabled(true)),
            },
          );
        }
        return Promise.resolve();
      },
      close() {
        closed = true;
        if (root) root.remove();
        root = null;
        return Promise.resolve();
      },
      updateProps(next) {
        props = Object.assign({}, props, next);
        return Promise.resolve();
      },
      resume() {},
      hasReturned: () => false,
    };
  }

  const paypal = {
    version: '5.0.0-paypal-double',
    FUNDING,
    getFundingSources: () => Object.values(FUNDING),
    isFundingEligible: (fundingSource) => fundingSource === FUNDING.PAYPAL,
    rememberFunding: () => {},
  };
  if (components.includes('buttons')) paypal.Buttons = Buttons;
  window[namespace] = paypal;
})();
