import {
  BadGatewayException,
  ConflictException,
  HttpException,
  HttpStatus,
  ServiceUnavailableException,
  UnprocessableEntityException,
  type Logger,
} from '@nestjs/common';
import { PaypalApiError } from './paypal-errors';

// How a PayPal failure reaches our client: PayPal's details go to the log, the client gets a
// plain sentence and a status that says whose move it is.

export const DECLINED =
  'PayPal declined the payment. Please try another payment method; your order is still pending.';
const UNREACHABLE = 'PayPal could not be reached. Please try again in a moment.';
export const PAYPAL_FAILED =
  'PayPal could not process the payment. Please try again or contact support.';

export function isDeclined(error: PaypalApiError): boolean {
  return error.issue === 'INSTRUMENT_DECLINED' || error.issue === 'TRANSACTION_REFUSED';
}

/** Runs one PayPal call, turning its failure into a clear answer for the client. */
export async function paypalStep<T>(
  logger: Logger,
  operation: string,
  step: () => Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw paypalFailure(logger, error, operation);
  }
}

/** PayPal's details go to the log; the client gets a plain sentence. Other errors pass. */
export function paypalFailure(logger: Logger, error: unknown, operation: string): unknown {
  if (!(error instanceof PaypalApiError)) return error;
  logger.warn({ msg: `PayPal ${operation} failed`, paypal: error.toLog() });
  if (isDeclined(error)) return new HttpException(DECLINED, HttpStatus.PAYMENT_REQUIRED);
  if (error.status === 0 || error.status >= 500 || error.status === 429) {
    return new BadGatewayException(UNREACHABLE);
  }
  if (error.status === 401 || error.status === 403) {
    logger.error('PayPal refused our credentials: check the payment settings');
    return new ServiceUnavailableException(
      'Payments are temporarily unavailable. Please contact support.',
    );
  }
  if (error.status === 404) {
    return new UnprocessableEntityException('PayPal does not know this payment.');
  }
  if (error.issue === 'PREVIOUS_REQUEST_IN_PROGRESS') {
    return new ConflictException(
      'PayPal is still processing an earlier request for this payment. Please try again in a moment.',
    );
  }
  if (error.issue === 'ORDER_NOT_APPROVED') {
    return new UnprocessableEntityException('The payment has not been approved in PayPal yet.');
  }
  return error.status === 422
    ? new UnprocessableEntityException(PAYPAL_FAILED)
    : new BadGatewayException(PAYPAL_FAILED);
}
