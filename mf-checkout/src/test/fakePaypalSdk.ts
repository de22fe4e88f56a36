interface ButtonActions {
  enable(): Promise<void>;
  disable(): Promise<void>;
}

interface ButtonOptions {
  createOrder(data: object, actions: object): Promise<string>;
  onApprove(data: { orderID: string }, actions: object): Promise<void>;
  onCancel(data: object): void;
  onError?(error: unknown): void;
  onInit?(data: object, actions: ButtonActions): void;
}

/**
 * A stand-in for PayPal's JS SDK global. The test API serves an empty script at the SDK URL, so
 * the real paypal-js loader still fetches it (from the session's paypalSdkBaseUrl) and then
 * finds this `window.paypal`. Its Buttons render a 'PayPal' button that runs the page's
 * createOrder then onApprove, and 'Cancel PayPal'; onInit's actions enable/disable both, as
 * PayPal's do.
 */
export function installFakePaypal(): void {
  const Buttons = (options: ButtonOptions) => ({
    isEligible: () => true,
    close: () => Promise.resolve(),
    updateProps: () => Promise.resolve(),
    render(container: HTMLElement) {
      const pay = document.createElement('button');
      pay.type = 'button';
      pay.textContent = 'PayPal';
      pay.addEventListener('click', () => {
        options
          .createOrder({}, {})
          .then((orderID) => options.onApprove({ orderID }, {}))
          .catch((error: unknown) => options.onError?.(error));
      });
      const cancel = document.createElement('button');
      cancel.type = 'button';
      cancel.textContent = 'Cancel PayPal';
      cancel.addEventListener('click', () => options.onCancel({}));
      container.append(pay, cancel);
      const setDisabled = async (disabled: boolean) => {
        pay.disabled = disabled;
        cancel.disabled = disabled;
      };
      options.onInit?.({}, { enable: () => setDisabled(false), disable: () => setDisabled(true) });
      return Promise.resolve();
    },
  });
  Object.assign(window, { paypal: { version: 'test', Buttons } });
}

export function removeFakePaypal(): void {
  delete (window as { paypal?: unknown }).paypal;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
}
