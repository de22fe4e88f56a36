// PayPal's error bodies. Names, messages and issue descriptions are PayPal's own wording, as its
// published API documents (openapi/) give them for the operation that answers, so code that
// matches on them (or shows them in logs) behaves as it will against the real API. The tests
// hold every error body to those documents.
import { randomBytes } from 'node:crypto';

const DOCS = 'https://developer.paypal.com/docs/api/orders/v2/#error-';

/** PayPal's debug ids are 13 lowercase hex characters. */
export const debugId = () => randomBytes(7).toString('hex').slice(0, 13);

/**
 * @typedef {{ field?: string, value?: string, location?: string, issue: string, description: string }} ErrorDetail
 * @typedef {{ status: number, body: Record<string, unknown> }} PaypalError
 */

/** @returns {PaypalError} */
function v2Error(status, name, message, details = [], extraLinks = []) {
  const links = [
    ...extraLinks,
    ...details.map((detail) => ({
      href: `${DOCS}${detail.issue}`,
      rel: 'information_link',
      method: 'GET',
    })),
  ];
  return { status, body: { name, message, debug_id: debugId(), details, links } };
}

export const invalidRequest = (details) =>
  v2Error(
    400,
    'INVALID_REQUEST',
    'Request is not well-formed, syntactically incorrect, or violates schema.',
    details,
  );

export const unprocessable = (details, extraLinks) =>
  v2Error(
    422,
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
    details,
    extraLinks,
  );

export const resourceNotFound = (field, value) =>
  v2Error(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
    {
      field,
      value,
      location: 'path',
      issue: 'INVALID_RESOURCE_ID',
      description:
        'Specified resource ID does not exist. Please check the resource ID and try again.',
    },
  ]);

/** 409: PayPal is still working on an earlier request for the same resource. */
export const previousRequestInProgress = () =>
  v2Error(
    409,
    'RESOURCE_CONFLICT',
    'The server has detected a conflict while processing this request.',
    [{ issue: 'PREVIOUS_REQUEST_IN_PROGRESS', description: ISSUES.PREVIOUS_REQUEST_IN_PROGRESS }],
  );

/** @returns {PaypalError} */
export const authenticationFailure = () => ({
  status: 401,
  body: {
    name: 'AUTHENTICATION_FAILURE',
    message:
      'Authentication failed due to missing authorization header, or invalid authentication credentials.',
    debug_id: debugId(),
    links: [
      {
        href: 'https://developer.paypal.com/docs/api/overview/#error',
        rel: 'information_link',
      },
    ],
  },
});

/** @returns {PaypalError} */
export const unsupportedMediaType = () => ({
  status: 415,
  body: {
    name: 'UNSUPPORTED_MEDIA_TYPE',
    message: "The server does not support the request payload's media type.",
    debug_id: debugId(),
    details: [],
    links: [],
  },
});

const SERVER_ERRORS = {
  500: ['INTERNAL_SERVER_ERROR', 'An internal server error occurred.'],
  503: ['SERVICE_UNAVAILABLE', 'Service Unavailable.'],
  // Not in the OpenAPI documents; PayPal's rate-limiting guide names it.
  429: ['RATE_LIMIT_REACHED', 'Too many requests. Blocked due to rate limiting.'],
};

/** The body of an injected outage (setBehavior failNext). @returns {PaypalError} */
export function serverError(status) {
  const [name, message] = SERVER_ERRORS[status];
  return {
    status,
    body: {
      name,
      message,
      debug_id: debugId(),
      information_link: `https://developer.paypal.com/api/orders/v2/#error-${name}`,
    },
  };
}

/** The OAuth endpoint answers in RFC 6749's format, not PayPal's usual one. @returns {PaypalError} */
export const oauthError = (status, error, description) => ({
  status,
  body: { error, error_description: description },
});

/**
 * Missing fields of a v1 request (webhook verification), in the error shape the Webhooks v1
 * document gives (PayPal's older v1 answers say VALIDATION_ERROR instead). @returns {PaypalError}
 */
export const missingFields = (fields) =>
  invalidRequest(fields.map((field) => detail('MISSING_REQUIRED_PARAMETER', `/${field}`)));

/**
 * Issue descriptions, as the documents give them for the operation that reports the issue (the
 * same issue is worded differently by different operations: each here is reported by one, or
 * worded alike by all that report it).
 */
const ISSUES = {
  MALFORMED_REQUEST_JSON: 'The request JSON is not well formed.',
  MISSING_REQUIRED_PARAMETER: 'A required parameter is missing.',
  INVALID_PARAMETER_VALUE: 'A parameter value is not valid.',
  INVALID_PARAMETER_SYNTAX: 'The value of a field does not conform to the expected format.',
  INVALID_STRING_LENGTH: 'The value of a field is either too short or too long',
  INVALID_ARRAY_MIN_ITEMS: 'The number of items in an array parameter is too small.',
  AMOUNT_MISMATCH:
    'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.',
  ITEM_TOTAL_MISMATCH:
    'Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.',
  ITEM_TOTAL_REQUIRED:
    'If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required.',
  TAX_TOTAL_MISMATCH:
    'Should equal sum of (tax * quantity) across all items for a given purchase_unit.',
  TAX_TOTAL_REQUIRED:
    'If item details are specified (items.tax_total and items.quantity) corresponding amount.breakdown.tax_total is required.',
  DECIMAL_PRECISION:
    'If the currency supports decimals, only two decimal place precision is supported.',
  DECIMALS_NOT_SUPPORTED: 'Currency does not support decimals.',
  CANNOT_BE_ZERO_OR_NEGATIVE:
    'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.',
  CANNOT_BE_NEGATIVE:
    'Must be greater than or equal to 0. If the currency supports decimals, only two decimal place precision is supported.',
  INVALID_CURRENCY_CODE:
    'Currency code is invalid or is not currently supported. Please refer https://developer.paypal.com/api/rest/reference/currency-codes/ for list of supported currency codes.',
  MULTI_CURRENCY_ORDER:
    'Multiple differing values of currency_code are not supported. Entire Order request must have the same currency_code.',
  REFERENCE_ID_REQUIRED:
    "'reference_id' is required for each 'purchase_unit' if multiple 'purchase_unit' are provided.",
  DUPLICATE_REFERENCE_ID: '`reference_id` must be unique if multiple `purchase_unit` are provided.',
  PAYEE_ACCOUNT_INVALID:
    'Payee account specified is invalid. Please check the `payee.email_address` or `payee.merchant_id` specified and try again. Ensure that either  `payee.merchant_id` or `payee.email_address` is specified.',
  ORDER_NOT_APPROVED:
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid `payment_source` in the request.",
  ORDER_ALREADY_CAPTURED:
    "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
  DUPLICATE_INVOICE_ID:
    'Duplicate Invoice ID detected. To avoid a potential duplicate transaction your account setting requires that Invoice Id be unique for each transaction.',
  CAPTURE_FULLY_REFUNDED: 'The capture has already been fully refunded',
  PREVIOUS_REQUEST_IN_PROGRESS:
    'A previous request on this resource is currently in progress. Please wait for sometime and try again. It is best to space out the initial and the subsequent request(s) to avoid receiving this error.',
  REFUND_AMOUNT_EXCEEDED:
    'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
  REFUND_CAPTURE_CURRENCY_MISMATCH: 'Refund must be in the same currency as the capture',
  REFUND_NOT_ALLOWED: 'Capture cannot be refunded.',
  PENDING_CAPTURE:
    'Cannot initiate a refund as the capture is pending. Capture is typically pending when the payer has funded the transaction using e-check/bank funded.',
  ACTION_DOES_NOT_MATCH_INTENT:
    "Order was created with an intent to 'AUTHORIZE'. Please use /v2/checkout/orders/order_id/authorize to complete the transaction or alternately Create an order with an intent of 'CAPTURE'.",
};

/**
 * The refusals of a capture that setBehavior({ capture }) can force: the capture operation's
 * documented 422 issues about the buyer's funding, the payer or the payee, not about the request.
 */
export const CAPTURE_DECLINES = {
  INSTRUMENT_DECLINED:
    "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
  TRANSACTION_REFUSED: 'The request was refused.',
  PAYER_CANNOT_PAY:
    'Payer cannot pay for this transaction. Please contact the payer to find other ways to pay for this transaction.',
  MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED:
    'You have exceeded the maximum number of payment attempts.',
  REDIRECT_PAYER_FOR_ALTERNATE_FUNDING:
    'Transaction failed. Redirect the payer to select another funding source.',
  PAYER_ACCOUNT_LOCKED_OR_CLOSED: 'The payer account cannot be used for this transaction.',
  PAYER_ACCOUNT_RESTRICTED: 'PAYER_ACCOUNT_RESTRICTED',
  PAYEE_BLOCKED_TRANSACTION:
    'The Fraud settings for this seller are such that this payment cannot be executed.',
  TRANSACTION_BLOCKED_BY_PAYEE: 'Transaction blocked by Payee’s Fraud Protection settings.',
  TRANSACTION_LIMIT_EXCEEDED: 'Total payment amount exceeded transaction limit.',
  TRANSACTION_RECEIVING_LIMIT_EXCEEDED: "The transaction exceeds the receiver's receiving limit.",
  COMPLIANCE_VIOLATION: 'Transaction is declined due to compliance violation.',
  DOMESTIC_TRANSACTION_REQUIRED:
    'This transaction requires the payee and payer to be resident in the same country, a domestic transaction is required to create this payment.',
};

/** @returns {ErrorDetail} */
export const detail = (issue, field, value, location = 'body') => ({
  ...(field === undefined ? {} : { field }),
  ...(value === undefined ? {} : { value: String(value) }),
  location,
  issue,
  description: ISSUES[issue] ?? CAPTURE_DECLINES[issue],
});
