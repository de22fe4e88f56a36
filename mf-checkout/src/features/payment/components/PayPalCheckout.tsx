import { defaultButtonStyles, type PaypalSettings } from '@coldmail/contracts';
import { useSession } from '@coldmail/session';
import { Alert, Spinner } from '@coldmail/ui';
import {
  PayPalButtons,
  PayPalScriptProvider,
  usePayPalScriptReducer,
  type ReactPayPalScriptOptions,
} from '@paypal/react-paypal-js';
import { useMemo } from 'react';
import type { PaymentFlow } from '../hooks/usePaymentFlow';
import { PROVIDER_ERROR_TEXT } from '../utils/outcomes';

interface ButtonsProps {
  settings: PaypalSettings;
  flow: PaymentFlow;
}

interface PayPalCheckoutProps extends ButtonsProps {
  /** The order's currency, which the SDK must be loaded for. */
  currency: string;
}

function Buttons({ settings, flow }: ButtonsProps) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  if (isRejected) return <Alert tone="error">{PROVIDER_ERROR_TEXT}</Alert>;
  if (isPending) return <Spinner label="Loading PayPal..." />;
  return (
    <div data-testid="paypal-buttons">
      <PayPalButtons
        style={settings.buttonStyles ?? defaultButtonStyles}
        disabled={flow.buttonsDisabled}
        createOrder={flow.createOrder}
        onApprove={flow.approve}
        onCancel={flow.cancel}
        onError={flow.providerError}
      />
    </div>
  );
}

/**
 * PayPal's buttons, with the SDK loaded for the admin's client id and the order's currency
 * (PayPal refuses an order in another currency than the SDK's; the store's may have changed
 * since the order was placed). Offline demos and tests load the SDK from a local PayPal double
 * (the session's paypalSdkBaseUrl).
 */
export function PayPalCheckout({ settings, currency, flow }: PayPalCheckoutProps) {
  const sdkBaseUrl = useSession((state) => state.paypalSdkBaseUrl);
  const options = useMemo<ReactPayPalScriptOptions>(
    () => ({
      clientId: settings.clientId,
      currency,
      intent: 'capture',
      ...(sdkBaseUrl ? { sdkBaseUrl } : {}),
    }),
    [settings.clientId, currency, sdkBaseUrl],
  );
  return (
    <PayPalScriptProvider options={options}>
      <Buttons settings={settings} flow={flow} />
    </PayPalScriptProvider>
  );
}
