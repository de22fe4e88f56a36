import { useNavigate } from '@coldmail/router';
import { toApiError } from '@coldmail/session';
import { useEffect, useReducer, useRef } from 'react';
import {
  PROVIDER_ERROR_TEXT,
  setupFailure,
  type PaymentNotice,
  type PaymentOutcome,
} from '../utils/outcomes';

interface FlowState {
  processing: boolean;
  notice: PaymentNotice | null;
  paid: boolean;
}

type FlowEvent =
  | { type: 'processing' }
  | { type: 'settled'; outcome: PaymentOutcome }
  | { type: 'provider-error' }
  | { type: 'dismiss' };

function reducer(state: FlowState, event: FlowEvent): FlowState {
  switch (event.type) {
    case 'processing':
      return { ...state, processing: true, notice: null };
    case 'settled':
      return { processing: false, notice: event.outcome.notice, paid: event.outcome.paid };
    case 'provider-error':
      // A failure we already explained (e.g. our API refused to create the order) keeps its text.
      return state.paid || state.notice?.tone === 'error'
        ? { ...state, processing: false }
        : { ...state, processing: false, notice: { tone: 'error', text: PROVIDER_ERROR_TEXT } };
    case 'dismiss':
      return { ...state, notice: null };
  }
}

export interface PaymentFlowOptions {
  /** Creates the PayPal order on our API and answers its id. */
  createOrder: () => Promise<string>;
  /** Completes the approved payment on our API; answers the outcome, never throws. */
  complete: (paypalOrderId: string) => Promise<PaymentOutcome>;
  cancelled: PaymentOutcome;
  /** Reads the order again, past the cache; answers whether it is paid by now. */
  refreshOrder: () => Promise<boolean>;
  /** An order found paid already, e.g. in another tab: the spec's alreadyProcessed, a success. */
  alreadyPaid: PaymentOutcome;
}

export interface PaymentFlow extends FlowState {
  /** Spec: the payment button is disabled while an error that is not a success shows. */
  buttonsDisabled: boolean;
  createOrder: () => Promise<string>;
  approve: (data: { orderID: string }) => Promise<void>;
  cancel: () => void;
  providerError: (error: unknown) => void;
  dismissNotice: () => void;
}

/**
 * The pay-now state machine shared by package and item payments: idle → processing →
 * paid (then a timed redirect) or failed. An approval arriving while one is processing, or
 * after the order is paid, is ignored.
 */
export function usePaymentFlow({
  createOrder,
  complete,
  cancelled,
  refreshOrder,
  alreadyPaid,
}: PaymentFlowOptions): PaymentFlow {
  const [state, dispatch] = useReducer(reducer, { processing: false, notice: null, paid: false });
  const navigate = useNavigate();
  // Refs, not state: PayPal may call back twice before React re-renders.
  const busy = useRef(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const settle = (outcome: PaymentOutcome) => {
    dispatch({ type: 'settled', outcome });
    if (outcome.paid) busy.current = true;
    const { redirect } = outcome;
    if (redirect) {
      clearTimeout(redirectTimer.current);
      redirectTimer.current = setTimeout(() => navigate(redirect.to), redirect.afterMs);
    }
  };

  return {
    ...state,
    buttonsDisabled: state.processing || state.paid || state.notice?.tone === 'error',
    createOrder: async () => {
      try {
        return await createOrder();
      } catch (error) {
        const apiError = toApiError(error);
        // 409: the order can no longer be paid. If another tab paid it, this tab succeeded too;
        // if it was refunded or failed (or the order cannot be read), the server's reason shows.
        const paidMeanwhile = apiError.status === 409 && (await refreshOrder().catch(() => false));
        if (paidMeanwhile) {
          settle(alreadyPaid);
        } else {
          console.error('Creating the PayPal order failed', error);
          settle(setupFailure(apiError));
        }
        // PayPal still needs the refusal: it opens no payment window then.
        throw error;
      }
    },
    approve: async ({ orderID }) => {
      if (busy.current) return;
      busy.current = true;
      dispatch({ type: 'processing' });
      const outcome = await complete(orderID);
      busy.current = false;
      settle(outcome);
    },
    cancel: () => {
      if (!busy.current) settle(cancelled);
    },
    providerError: (error) => {
      console.error('PayPal error', error);
      dispatch({ type: 'provider-error' });
    },
    dismissNotice: () => dispatch({ type: 'dismiss' }),
  };
}
