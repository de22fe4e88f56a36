import { Controller, Headers, HttpException, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  contract,
  type ItemPaymentResult,
  type PackagePaymentResult,
  type ResponseOf,
  type ParsedBodyOf,
  type ParsedParamsOf,
} from '@coldmail/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, type AuthContext } from '../auth/auth-context';
import { errorBodyOf } from '../common/all-exceptions.filter';
import { Endpoint, ValidBody, ValidParams } from '../common/endpoint';
import { ServerTiming } from '../common/server-timing';
import { SensitiveRoute } from '../common/throttling';
import { CheckoutService, type Completion } from './checkout.service';
import type { CompletionRequest } from './paypal-captures.service';
import { WebhooksService } from './webhooks.service';

const endpoints = contract.payments;

const PENDING_AT_PAYPAL =
  'PayPal is still processing this payment. Your order will be completed as soon as PayPal confirms it.';

/**
 * What a completion call names: the PayPal order our page had the buyer approve, or the capture
 * the spec's client made in the browser (its payment data's paypalTransactionID).
 */
function completionOf(body: ParsedBodyOf<typeof endpoints.completePackage>): CompletionRequest {
  return 'paypalTransactionID' in body
    ? { captureId: body.paypalTransactionID }
    : { paypalOrderId: body.paypalOrderId };
}

/**
 * Paying orders through PayPal. Each answer carries a Server-Timing header separating the time
 * spent waiting for PayPal from the API's own (see `npm run bench:orders`).
 */
@ApiTags('payments')
@Controller()
export class PaymentsController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly webhooks: WebhooksService,
  ) {}

  /** The buyer's own pending order → the PayPal order id for the buttons. */
  @Endpoint(endpoints.createPaypalOrder)
  @SensitiveRoute()
  createPaypalOrder(
    @CurrentUser() caller: AuthContext,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.createPaypalOrder>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ResponseOf<typeof endpoints.createPaypalOrder>> {
    const timing = new ServerTiming();
    return timed(reply, timing, () => this.checkout.createPaypalOrder(caller, body, timing));
  }

  /**
   * Captures the approved PayPal order and, once verified, credits the buyer. 402 declined,
   * 422 not this order's payment, 502 PayPal unreachable; 202 while PayPal holds it as pending.
   */
  @Endpoint(endpoints.completePackage)
  @SensitiveRoute()
  completePackagePayment(
    @CurrentUser() caller: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.completePackage>,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.completePackage>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ResponseOf<typeof endpoints.completePackage>> {
    return completePayment<PackagePaymentResult>(
      reply,
      (timing) => this.checkout.completePayment('package', caller, id, completionOf(body), timing),
      {
        pending: { success: false, message: PENDING_AT_PAYPAL, alreadyProcessed: false },
        paid: (result) => ({
          success: true,
          message: result.alreadyProcessed
            ? 'Payment was already processed'
            : 'Payment processed successfully',
          alreadyProcessed: result.alreadyProcessed,
          ...(result.currentBalance != null ? { currentBalance: result.currentBalance } : {}),
        }),
      },
    );
  }

  /**
   * The same for an item order, in the answer shape the item pages read: every failure is
   * `{ success: false, matchedCount: 0, modifiedCount: 0, error }` with its HTTP status.
   */
  @Endpoint(endpoints.completeItem)
  @SensitiveRoute()
  async completeItemPayment(
    @CurrentUser() caller: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.completeItem>,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.completeItem>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ResponseOf<typeof endpoints.completeItem>> {
    try {
      return await completePayment<ItemPaymentResult>(
        reply,
        (timing) => this.checkout.completePayment('item', caller, id, completionOf(body), timing),
        {
          pending: { success: false, matchedCount: 1, modifiedCount: 0, error: PENDING_AT_PAYPAL },
          paid: (result) => ({
            success: true,
            matchedCount: 1,
            modifiedCount: result.alreadyProcessed ? 0 : 1,
          }),
        },
      );
    } catch (error) {
      if (!(error instanceof HttpException)) throw error;
      const { statusCode, message } = errorBodyOf(error);
      void reply.status(statusCode);
      return { success: false, matchedCount: 0, modifiedCount: 0, error: message };
    }
  }

  /**
   * PayPal's notifications (PAYMENT.CAPTURE.COMPLETED / DENIED), verified with PayPal before
   * anything is read: 400 without transmission headers, 401 when PayPal does not vouch for it,
   * 503 when PAYPAL_WEBHOOK_ID is unset.
   */
  @Endpoint(endpoints.webhook)
  async webhook(
    @Req() request: FastifyRequest & { rawBody?: Buffer },
    @Headers() headers: Record<string, string | undefined>,
  ): Promise<ResponseOf<typeof endpoints.webhook>> {
    await this.webhooks.handleWebhook(
      {
        authAlgo: headers['paypal-auth-algo'],
        certUrl: headers['paypal-cert-url'],
        transmissionId: headers['paypal-transmission-id'],
        transmissionSig: headers['paypal-transmission-sig'],
        transmissionTime: headers['paypal-transmission-time'],
      },
      request.rawBody?.toString('utf8'),
    );
    return { received: true };
  }
}

/** Runs a handler and adds the Server-Timing header, also when it fails. */
async function timed<T>(reply: FastifyReply, timing: ServerTiming, run: () => Promise<T>) {
  try {
    return await run();
  } finally {
    void reply.header('server-timing', timing.header(reply.elapsedTime));
  }
}

/**
 * One payment completion, timed like every payments answer: the route's answer for a paid order,
 * or its `pending` answer with a 202 while PayPal holds the payment.
 */
function completePayment<T>(
  reply: FastifyReply,
  complete: (timing: ServerTiming) => Promise<Completion<unknown>>,
  answers: { pending: T; paid: (result: Extract<Completion<unknown>, { status: 'paid' }>) => T },
): Promise<T> {
  const timing = new ServerTiming();
  return timed(reply, timing, async () => {
    const result = await complete(timing);
    if (result.status === 'pending-at-paypal') {
      void reply.status(202);
      return answers.pending;
    }
    return answers.paid(result);
  });
}
