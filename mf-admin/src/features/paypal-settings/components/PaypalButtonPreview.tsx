import type { ButtonStyles, PaypalSettings } from '@coldmail/contracts';
import { useSession } from '@coldmail/session';
import { Alert, Spinner } from '@coldmail/ui';
import {
  PayPalButtons,
  PayPalScriptProvider,
  usePayPalScriptReducer,
  type ReactPayPalScriptOptions,
} from '@paypal/react-paypal-js';
import { useMemo } from 'react';

function Buttons({ style }: { style: ButtonStyles }) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  if (isRejected) return <Alert tone="error">The PayPal preview could not be loaded.</Alert>;
  if (isPending) return <Spinner label="Loading PayPal..." />;
  // forceReRender: PayPal draws its buttons once; a style change must draw them again.
  return (
    <PayPalButtons
      style={style}
      forceReRender={[style.layout, style.color, style.shape, style.label]}
      // A preview: clicking must not start a payment.
      onClick={(_data, actions) => actions.reject()}
    />
  );
}

/**
 * The real PayPal buttons with the styles being edited, as a picture: inert (nothing in it can be
 * pressed, so no payment can start from here) and hidden from screen readers (the form says the
 * same).
 */
export function PaypalButtonPreview({
  clientId,
  currency,
  style,
}: Pick<PaypalSettings, 'clientId' | 'currency'> & { style: ButtonStyles }) {
  const sdkBaseUrl = useSession((state) => state.paypalSdkBaseUrl);
  const options = useMemo<ReactPayPalScriptOptions>(
    () => ({
      clientId: clientId || 'test',
      currency,
      intent: 'capture',
      ...(sdkBaseUrl ? { sdkBaseUrl } : {}),
    }),
    [clientId, currency, sdkBaseUrl],
  );
  return (
    <div data-testid="paypal-preview" inert aria-hidden="true">
      <PayPalScriptProvider options={options}>
        <Buttons style={style} />
      </PayPalScriptProvider>
    </div>
  );
}
