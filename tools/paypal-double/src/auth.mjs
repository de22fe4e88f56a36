// OAuth 2.0 client credentials as PayPal runs them: Basic auth in, opaque bearer token out, and
// every other REST call checked against the tokens actually issued.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { oauthError } from './errors.mjs';
import { isoNow } from './ids.mjs';

const EXPIRES_IN = 32400;
const SCOPE = [
  'https://uri.paypal.com/services/payments/futurepayments',
  'https://uri.paypal.com/services/payments/realtimepayment',
  'https://uri.paypal.com/services/payments/payment/authcapture',
  'https://uri.paypal.com/services/payments/refund',
  'https://uri.paypal.com/services/applications/webhooks',
  'openid',
  'Braintree:Vault',
].join(' ');

/** @param {{ clientId?: string, clientSecret?: string }} credentials */
export function createTokenIssuer({ clientId, clientSecret }) {
  /** access token → expiry (ms since epoch) */
  const tokens = new Map();
  const appId = `APP-${randomBytes(8).toString('hex').toUpperCase().slice(0, 15)}`;

  /**
   * POST /v1/oauth2/token.
   * @param {string | undefined} authorization  the Authorization header
   * @param {string} form  the urlencoded body
   */
  function issue(authorization, form) {
    const credentials = parseBasic(authorization);
    if (!credentials || !accepts(credentials)) {
      return oauthError(401, 'invalid_client', 'Client Authentication failed');
    }
    const grantType = new URLSearchParams(form).get('grant_type');
    if (!grantType) return oauthError(400, 'unsupported_grant_type', 'Grant Type is NULL');
    if (grantType !== 'client_credentials') {
      return oauthError(400, 'unsupported_grant_type', 'unsupported grant_type');
    }
    const accessToken = `A21AA${randomBytes(64).toString('base64url')}`;
    tokens.set(accessToken, Date.now() + EXPIRES_IN * 1000);
    return {
      status: 200,
      body: {
        scope: SCOPE,
        access_token: accessToken,
        token_type: 'Bearer',
        app_id: appId,
        expires_in: EXPIRES_IN,
        nonce: `${isoNow()}${randomBytes(32).toString('base64url')}`,
      },
    };
  }

  function accepts({ id, secret }) {
    if (!id || !secret) return false;
    return (
      (clientId === undefined || safeEqual(id, clientId)) &&
      (clientSecret === undefined || safeEqual(secret, clientSecret))
    );
  }

  /** True when the Authorization header carries a live token this double issued. */
  function verifyBearer(authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    const expiry = match && tokens.get(match[1]);
    return Boolean(expiry && expiry > Date.now());
  }

  return { issue, verifyBearer };
}

function parseBasic(header) {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

function safeEqual(a, b) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
