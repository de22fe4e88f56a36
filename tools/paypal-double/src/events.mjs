// The webhook events PayPal sends about a captured payment, made as PayPal makes them. Sending one
// means the payment changed at PayPal, so the stored capture, its refunds and its disputes change
// with it and a later GET agrees with the event. An event describes one real thing: a refund
// event is about one refund of the capture (made now in PayPal's dashboard, or one made earlier),
// and a dispute keeps its id from CREATED to RESOLVED.
import { isoNow, resourceId } from './ids.mjs';

const CAPTURE_EVENTS = {
  'PAYMENT.CAPTURE.COMPLETED': { status: 'COMPLETED', verb: 'completed' },
  'PAYMENT.CAPTURE.DENIED': { status: 'DECLINED', verb: 'denied' },
  'PAYMENT.CAPTURE.PENDING': { status: 'PENDING', verb: 'pending' },
};
const REFUNDED = 'PAYMENT.CAPTURE.REFUNDED';
const REVERSED = 'PAYMENT.CAPTURE.REVERSED';
const DISPUTE_CREATED = 'CUSTOMER.DISPUTE.CREATED';
const DISPUTE_RESOLVED = 'CUSTOMER.DISPUTE.RESOLVED';
const EVENT_TYPES = [
  ...Object.keys(CAPTURE_EVENTS),
  REFUNDED,
  REVERSED,
  DISPUTE_CREATED,
  DISPUTE_RESOLVED,
];
/** `dispute_outcome.outcome_code` as the Disputes v1 document spells it (British FAVOUR). */
const DISPUTE_OUTCOMES = [
  'RESOLVED_BUYER_FAVOUR',
  'RESOLVED_SELLER_FAVOUR',
  'RESOLVED_WITH_PAYOUT',
  'CANCELED_BY_BUYER',
  'ACCEPTED',
  'DENIED',
  'NONE',
];
/** Which options each event type takes: any other is refused, so a typo cannot go unnoticed. */
const OPTIONS = {
  [REFUNDED]: ['refundAmount', 'refundId'],
  [DISPUTE_RESOLVED]: ['disputeOutcome'],
};

/**
 * @param {{
 *   baseUrl: () => string,
 *   orders: ReturnType<typeof import('./orders.mjs').createOrderStore>,
 *   refunds: ReturnType<typeof import('./refunds.mjs').createRefunds>,
 * }} stores
 */
export function createEvents({ baseUrl, orders, refunds }) {
  /** capture id → its disputes, oldest first */
  const disputes = new Map();

  /**
   * The event PayPal sends when the order's capture changes.
   * @param {string} orderId
   * @param {string} [eventType]
   * @param {{ refundAmount?: string, refundId?: string, disputeOutcome?: string }} [options]
   * @throws {TypeError} on an unknown event type or an option it does not take
   */
  function captureEvent(orderId, eventType = 'PAYMENT.CAPTURE.COMPLETED', options = {}) {
    checkOptions(eventType, options);
    const record = orders.record(orderId);
    if (!record) throw new Error(`PayPal double: no order ${orderId}`);
    const unit = record.order.purchase_units[0];
    const capture = unit.payments?.captures[0];
    if (!capture) throw new Error(`PayPal double: order ${orderId} has not been captured`);

    if (eventType === REFUNDED || eventType === REVERSED) {
      const refund = eventType === REVERSED ? reverse(capture) : refundOf(capture, options);
      const { value, currency_code: currency } = refund.amount;
      const verb = eventType === REVERSED ? 'reversed' : 'refunded';
      return event(
        eventType,
        'refund',
        `A ${value} ${currency} capture payment was ${verb}`,
        structuredClone(refund),
      );
    }
    if (eventType === DISPUTE_CREATED || eventType === DISPUTE_RESOLVED) {
      const dispute =
        eventType === DISPUTE_CREATED
          ? open(unit, capture)
          : resolve(capture, options.disputeOutcome);
      const verb = eventType === DISPUTE_CREATED ? 'opened' : 'resolved';
      return event(
        eventType,
        'dispute',
        `A dispute was ${verb} with case # ${dispute.dispute_id}`,
        structuredClone(dispute),
      );
    }
    const type = CAPTURE_EVENTS[eventType];
    capture.status = type.status;
    if (type.status === 'PENDING') capture.status_details = { reason: 'PENDING_REVIEW' };
    else delete capture.status_details;
    capture.update_time = isoNow();
    const { value, currency_code: currency } = capture.amount;
    return event(eventType, 'capture', `Payment ${type.verb} for ${value} ${currency}`, {
      ...structuredClone(capture),
      ...(unit.custom_id === undefined ? {} : { custom_id: unit.custom_id }),
      ...(unit.invoice_id === undefined ? {} : { invoice_id: unit.invoice_id }),
      supplementary_data: { related_ids: { order_id: record.order.id } },
    });
  }

  /**
   * The refund a REFUNDED event is about: the one named by `refundId`; a refund of `refundAmount`
   * made now in the dashboard; or, with neither, the capture's latest refund once it is fully
   * refunded (the API refunded it), else a refund of what is left, made now.
   */
  function refundOf(capture, { refundAmount, refundId }) {
    if (refundAmount !== undefined && refundId !== undefined) {
      throw new TypeError('refundAmount and refundId exclude each other');
    }
    const made = refunds.ofCapture(capture.id);
    if (refundId !== undefined) {
      const named = made.find((candidate) => candidate.id === refundId);
      if (!named) throw new Error(`PayPal double: capture ${capture.id} has no refund ${refundId}`);
      return named;
    }
    if (refundAmount === undefined && capture.status === 'REFUNDED' && made.length > 0) {
      return /** @type {any} */ (made.at(-1));
    }
    return inDashboard(capture, {
      ...(refundAmount === undefined
        ? {}
        : { amount: { value: refundAmount, currency_code: capture.amount.currency_code } }),
    });
  }

  /** A reversal (a chargeback) gives back what is left; the capture is then REFUNDED. */
  const reverse = (capture) => inDashboard(capture, { noteToPayer: 'Payment reversed' });

  /** A refund made as in PayPal's dashboard: not subject to the REST API's forced behaviour. */
  function inDashboard(capture, request) {
    const reply = refunds.refund(capture.id, request);
    if (reply.status !== 201) {
      throw new Error(`PayPal double: refund refused: ${JSON.stringify(reply.body)}`);
    }
    return refunds.find(reply.body.id);
  }

  /** The capture's open dispute, or a new one: a buyer has one dispute open at a time. */
  function open(unit, capture) {
    const list = disputes.get(capture.id) ?? [];
    const current = list.at(-1);
    if (current && current.status !== 'RESOLVED') return current;
    const id = `PP-D-${resourceId(8)}`;
    const now = isoNow();
    const dispute = {
      dispute_id: id,
      create_time: now,
      update_time: now,
      disputed_transactions: [
        {
          seller_transaction_id: capture.id,
          ...(unit.invoice_id === undefined ? {} : { invoice_number: unit.invoice_id }),
          ...(unit.custom_id === undefined ? {} : { custom: unit.custom_id }),
          gross_amount: structuredClone(capture.amount),
        },
      ],
      reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
      status: 'OPEN',
      dispute_amount: structuredClone(capture.amount),
      dispute_life_cycle_stage: 'INQUIRY',
      dispute_channel: 'INTERNAL',
      links: [{ href: `${baseUrl()}/v1/customer/disputes/${id}`, rel: 'self', method: 'GET' }],
    };
    disputes.set(capture.id, [...list, dispute]);
    return dispute;
  }

  /**
   * Resolves the capture's dispute with `outcome` (RESOLVED_BUYER_FAVOUR when none is given).
   * Sent again for a resolved dispute, the event repeats how it ended; another outcome is refused.
   */
  function resolve(capture, outcome) {
    const dispute = disputes.get(capture.id)?.at(-1);
    if (!dispute) {
      throw new Error(
        `PayPal double: capture ${capture.id} has no dispute to resolve; send ${DISPUTE_CREATED} first`,
      );
    }
    if (dispute.status === 'RESOLVED') {
      if (outcome !== undefined && outcome !== dispute.dispute_outcome.outcome_code) {
        throw new Error(
          `PayPal double: dispute ${dispute.dispute_id} was resolved ${dispute.dispute_outcome.outcome_code}`,
        );
      }
      return dispute;
    }
    const code = outcome ?? 'RESOLVED_BUYER_FAVOUR';
    dispute.status = 'RESOLVED';
    dispute.update_time = isoNow();
    dispute.dispute_outcome = {
      outcome_code: code,
      ...(code === 'RESOLVED_BUYER_FAVOUR'
        ? { amount_refunded: structuredClone(dispute.dispute_amount) }
        : {}),
    };
    return dispute;
  }

  function event(eventType, resourceType, summary, resource) {
    const id = `WH-${resourceId()}-${resourceId()}`;
    const eventUrl = `${baseUrl()}/v1/notifications/webhooks-events/${id}`;
    return {
      id,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      resource_version: resourceType === 'dispute' ? '1.1' : '2.0',
      event_type: eventType,
      summary,
      resource,
      links: [
        { href: eventUrl, rel: 'self', method: 'GET' },
        { href: `${eventUrl}/resend`, rel: 'resend', method: 'POST' },
      ],
    };
  }

  return { captureEvent };
}

function checkOptions(eventType, options) {
  if (!EVENT_TYPES.includes(eventType)) {
    throw new TypeError(`eventType must be one of ${EVENT_TYPES.join(', ')}`);
  }
  const allowed = OPTIONS[eventType] ?? [];
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (!allowed.includes(name)) throw new TypeError(`${name} does not apply to ${eventType}`);
    if (typeof value !== 'string') throw new TypeError(`${name} must be a string`);
  }
  if (options.disputeOutcome !== undefined && !DISPUTE_OUTCOMES.includes(options.disputeOutcome)) {
    throw new TypeError(`disputeOutcome must be one of ${DISPUTE_OUTCOMES.join(', ')}`);
  }
}
