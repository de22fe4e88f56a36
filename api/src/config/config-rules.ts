import ipaddr from 'ipaddr.js';
import type { z } from 'zod';
import { ConfigError } from './config-error';
import type { envSchema } from './config-schema';

/**
 * Production with PayPal credentials also needs the webhook id (without it, refunds, reversals,
 * disputes and held payments PayPal reports are lost) and the merchant id (every capture is
 * checked to pay it). Null when both are set.
 */
export function missingPaypalProductionVars(vars: {
  PAYPAL_WEBHOOK_ID?: string;
  PAYPAL_MERCHANT_ID?: string;
}): string | null {
  if (!vars.PAYPAL_WEBHOOK_ID) {
    return (
      'PAYPAL_WEBHOOK_ID must be set in production when PayPal credentials are: without it, the ' +
      'refunds, reversals, disputes and held payments PayPal reports by webhook are lost.'
    );
  }
  if (!vars.PAYPAL_MERCHANT_ID) {
    return (
      'PAYPAL_MERCHANT_ID must be set in production when PayPal credentials are: every capture ' +
      'is checked to pay this merchant (your PayPal account ID).'
    );
  }
  return null;
}

/** Whether only this machine can reach an API listening on `host`. */
function listensOnLoopbackOnly(host: string): boolean {
  if (host === 'localhost') return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
}

/**
 * The checks the schema cannot make one variable at a time: what production must set, what it
 * must not set unless it listens on loopback only, and TRIAL with live PayPal. Throws a
 * ConfigError naming what is wrong.
 */
export function enforceConfigRules(vars: z.infer<typeof envSchema>): void {
  if (vars.NODE_ENV === 'production' && !vars.MONGODB_URI) {
    // The embedded server is for development and tests: one process, files on local disk, none
    // of a real deployment's replication or backups.
    throw new ConfigError(
      'Invalid configuration: MONGODB_URI must be set in production (mongodb:// or ' +
        'mongodb+srv://). The embedded database is for development and tests only.',
    );
  }
  if (vars.NODE_ENV === 'production' && !vars.SMTP_URL) {
    // Without it, support replies and admin messages would only be written to the server's disk.
    throw new ConfigError(
      'Invalid configuration: SMTP_URL must be set in production (smtp:// or smtps://), so ' +
        'messages to users are sent. Without it they would only be written to files on the server.',
    );
  }
  if (vars.NODE_ENV === 'production') {
    // Without them production would take development's localhost addresses: browsers' calls
    // refused by CORS, receipts and uploaded images' addresses pointing at localhost.
    const missing = (
      [
        [
          'CORS_ORIGINS',
          vars.CORS_ORIGINS.length > 0,
          "the site's origins (the shell's and the remotes')",
        ],
        ['SITE_URL', !!vars.SITE_URL, "the site's public address (links in receipts and notices)"],
        [
          'PUBLIC_API_URL',
          !!vars.PUBLIC_API_URL,
          "the API's public address (uploaded images' addresses)",
        ],
      ] as const
    ).filter(([, present]) => !present);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration: ${missing.map(([name]) => name).join(', ')} must be set in ` +
          `production: ${missing.map(([name, , what]) => `${name} is ${what}`).join('; ')}.`,
      );
    }
  }
  if (vars.TRIAL && vars.PAYPAL_MODE === 'live') {
    throw new ConfigError(
      'Invalid configuration: TRIAL=true takes payments through the PayPal double, so ' +
        'PAYPAL_MODE=live is refused with it. A live site sets neither TRIAL nor PAYPAL_API_BASE.',
    );
  }
  if (vars.NODE_ENV === 'production' && !listensOnLoopbackOnly(vars.HOST)) {
    const overrides = (
      [
        [
          'FIREBASE_AUTH_EMULATOR_HOST',
          'the Auth emulator accepts unsigned ID tokens, so anyone could sign in as anyone',
        ],
        [
          'PAYPAL_API_BASE',
          'payments would be confirmed by whatever answers there instead of PayPal (a trial ' +
            'of the compose kit sets TRIAL=true)',
        ],
        ['GEMINI_API_BASE', 'the stored Gemini keys would be sent there instead of to Google'],
      ] as const
    ).filter(([name]) => vars[name] && !(name === 'PAYPAL_API_BASE' && vars.TRIAL));
    if (overrides.length > 0) {
      throw new ConfigError(
        `Invalid configuration: ${overrides.map(([name]) => name).join(', ')} must not be set in ` +
          `production unless the API listens on loopback only (HOST=127.0.0.1, now ${vars.HOST}): ` +
          `${overrides.map(([, why]) => why).join('; ')}. They are for testing a production ` +
          'build on one machine.',
      );
    }
  }
  if (vars.NODE_ENV === 'production' && vars.PAYPAL_CLIENT_ID && vars.PAYPAL_CLIENT_SECRET) {
    const missing = missingPaypalProductionVars(vars);
    if (missing) throw new ConfigError(`Invalid configuration: ${missing}`);
  }
}
