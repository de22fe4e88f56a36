import {
  BadRequestException,
  Injectable,
  Logger,
  OnModuleInit,
  ServiceUnavailableException,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  adminFormButtonStyles,
  defaultButtonStyles,
  SECRET_MASK,
  type ButtonStyles,
  type PaypalSettings,
  type PaypalSettingsBody,
} from '@coldmail/contracts';
import { createHash } from 'node:crypto';
import type { Model } from 'mongoose';
import type { AppConfig } from '../config/app-config';
import { ConfigError } from '../config/config-error';
import { missingPaypalProductionVars } from '../config/config-rules';
import { InjectConfig } from '../config/config.module';
import { SecretCipher } from '../secrets/secret-cipher';
import type { PaypalCredentials } from './paypal.client';
import { PaypalSettingsRecord } from './schemas/paypal-settings.schema';

const KEY = 'paypal';
const BASE_URLS = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
} as const;

const PAYMENTS_UNAVAILABLE = 'PayPal payments are currently unavailable.';

/** The PayPal account payments go to, as compared before and after a settings change. */
export interface PaypalAccount {
  clientId: string;
  /** A fingerprint of the client secret. */
  secret: string;
  mode: string;
}

/** The settings in force, secret included: never sent to a client as such. */
type EffectiveSettings = Omit<Required<PaypalSettings>, 'buttonStyles'> & {
  /** What an admin saved; null until then, when each view has its own default (spec §9). */
  buttonStyles: ButtonStyles | null;
};

/**
 * The payment-provider settings: what an admin saved, otherwise the environment's PAYPAL_*
 * values. The client secret is kept on the server; clients see at most a masked form of it.
 */
@Injectable()
export class PaypalSettingsService implements OnModuleInit {
  private readonly logger = new Logger(PaypalSettingsService.name);

  constructor(
    @InjectModel(PaypalSettingsRecord.name)
    private readonly settings: Model<PaypalSettingsRecord>,
    @InjectConfig() private readonly config: AppConfig,
    private readonly cipher: SecretCipher,
  ) {}

  /**
   * A secret saved in clear (before secrets were sealed) is sealed now, and the clear one removed.
   * In production, credentials an admin saved need PAYPAL_WEBHOOK_ID and PAYPAL_MERCHANT_ID as
   * much as the environment's do (see loadConfig): the API refuses to start without them.
   */
  async onModuleInit(): Promise<void> {
    // One settings document (a unique index): it must exist before the first save relies on it.
    await this.settings.init();
    const missing = this.missingForProduction();
    if (missing && hasCredentials(await this.current())) {
      throw new ConfigError(`Invalid configuration: ${missing}`);
    }
    await this.resealIfStale();
    const legacy = await this.settings
      .findOne({ key: KEY })
      .select('+clientSecret')
      .lean<PaypalSettingsRecord>();
    if (legacy?.clientSecret === undefined) return;
    await this.settings.updateOne(
      { key: KEY, clientSecret: legacy.clientSecret },
      legacy.clientSecret
        ? {
            $set: { sealedClientSecret: this.cipher.seal(legacy.clientSecret) },
            $unset: { clientSecret: '' },
          }
        : { $unset: { clientSecret: '' } },
    );
    this.logger.log('The saved PayPal client secret is now stored encrypted');
  }

  /**
   * Everyone: what the payment buttons need. Payments show as disabled while the credentials
   * are incomplete, so buyers get 'Payment Unavailable' instead of buttons that cannot work.
   */
  async publicView(): Promise<PaypalSettings> {
    const current = await this.current();
    return {
      clientId: current.clientId,
      currency: current.currency,
      enablePayPal: current.enablePayPal && hasCredentials(current),
      buttonStyles: current.buttonStyles ?? { ...defaultButtonStyles },
    };
  }

  /**
   * Admins: also the mode and the secret, masked. Until an admin saves (and after a reset) the
   * button label is the admin form's default, 'paypal'; the payment pages' default is 'pay'.
   */
  async adminView(): Promise<PaypalSettings> {
    const current = await this.current();
    return {
      clientId: current.clientId,
      currency: current.currency,
      enablePayPal: current.enablePayPal,
      buttonStyles: current.buttonStyles ?? { ...adminFormButtonStyles },
      mode: current.mode,
      clientSecret: maskSecret(current.clientSecret),
    };
  }

  /**
   * An omitted, empty or still-masked clientSecret keeps the stored one. In production,
   * credentials are refused (400) while the environment lacks what payments with them need.
   */
  async update(body: PaypalSettingsBody): Promise<PaypalSettings> {
    const { clientSecret, ...rest } = body;
    const newSecret = clientSecret && !clientSecret.includes(SECRET_MASK) ? clientSecret : null;
    const missing = this.missingForProduction();
    if (missing && body.clientId) throw new BadRequestException(missing);
    await this.settings.updateOne(
      { key: KEY },
      {
        $set: {
          ...rest,
          ...(newSecret ? { sealedClientSecret: this.cipher.seal(newSecret) } : {}),
        },
      },
      { upsert: true, runValidators: true },
    );
    return this.adminView();
  }

  /** Back to the environment's settings (and its credentials). */
  async reset(): Promise<PaypalSettings> {
    await this.settings.deleteOne({ key: KEY });
    return this.adminView();
  }

  /** For taking a payment: refused (503) while payments are off or not configured. */
  async forPayments(): Promise<{ credentials: PaypalCredentials; currency: string }> {
    const current = await this.current();
    if (!current.enablePayPal || !hasCredentials(current)) {
      throw new ServiceUnavailableException(PAYMENTS_UNAVAILABLE);
    }
    return { credentials: this.credentialsOf(current), currency: current.currency };
  }

  /**
   * For webhooks: a payment PayPal completes after an admin switched payments off must still be
   * recorded, so only the credentials are needed. Null when there are none.
   */
  async credentials(): Promise<PaypalCredentials | null> {
    const current = await this.current();
    return hasCredentials(current) ? this.credentialsOf(current) : null;
  }

  /** The currency payments are taken in now. */
  async currency(): Promise<string> {
    return (await this.current()).currency;
  }

  /**
   * The secret an admin saved, or '' when none. One sealed with another data key (the key was
   * changed) cannot be read: payments stop until an admin enters the secret again.
   */
  private savedSecret(saved: PaypalSettingsRecord): string {
    if (!saved.sealedClientSecret) return '';
    try {
      return this.cipher.open(saved.sealedClientSecret);
    } catch {
      this.logger.error(
        'The saved PayPal client secret cannot be decrypted (GEMINI_KEYS_SECRET changed?): ' +
          'enter it again in Settings › Paypal Setup',
      );
      return '';
    }
  }

  /**
   * Which PayPal account payments go to: its client id, a fingerprint of its secret (never the
   * secret) and its mode. Compared before and after an admin's change.
   */
  async accountInForce(): Promise<PaypalAccount> {
    const current = await this.current();
    return {
      clientId: current.clientId,
      secret: createHash('sha256').update(current.clientSecret).digest('hex').slice(0, 16),
      mode: current.mode,
    };
  }

  /** After a rotation of the data key, the saved secret is sealed again with the current one. */
  private async resealIfStale(): Promise<void> {
    const saved = await this.settings
      .findOne({ key: KEY })
      .select('+sealedClientSecret')
      .lean<PaypalSettingsRecord>();
    const sealed = saved?.sealedClientSecret;
    if (!sealed || !this.cipher.isStale(sealed)) return;
    await this.settings.updateOne(
      { key: KEY, 'sealedClientSecret.iv': sealed.iv },
      { $set: { sealedClientSecret: this.cipher.seal(this.cipher.open(sealed)) } },
    );
    this.logger.log(
      `The saved PayPal client secret is sealed with data key version ${this.cipher.keyVersion} now`,
    );
  }

  private missingForProduction(): string | null {
    if (this.config.env !== 'production') return null;
    return missingPaypalProductionVars({
      PAYPAL_WEBHOOK_ID: this.config.paypal.webhookId ?? undefined,
      PAYPAL_MERCHANT_ID: this.config.paypal.merchantId ?? undefined,
    });
  }

  private credentialsOf(current: EffectiveSettings): PaypalCredentials {
    return {
      baseUrl: this.config.paypal.apiBase ?? BASE_URLS[current.mode],
      clientId: current.clientId,
      clientSecret: current.clientSecret,
    };
  }

  private async current(): Promise<EffectiveSettings> {
    const env = this.config.paypal;
    const saved = await this.settings
      .findOne({ key: KEY })
      .select('+sealedClientSecret')
      .lean<PaypalSettingsRecord>();
    if (!saved) {
      return {
        clientId: env.clientId,
        clientSecret: env.clientSecret,
        mode: env.mode,
        currency: env.currency,
        enablePayPal: Boolean(env.clientId && env.clientSecret),
        buttonStyles: null,
      };
    }
    return {
      clientId: saved.clientId,
      clientSecret: this.savedSecret(saved) || env.clientSecret,
      mode: saved.mode,
      currency: saved.currency,
      enablePayPal: saved.enablePayPal,
      buttonStyles: {
        layout: saved.buttonStyles.layout,
        color: saved.buttonStyles.color,
        shape: saved.buttonStyles.shape,
        label: saved.buttonStyles.label,
      },
    };
  }
}

function hasCredentials(settings: EffectiveSettings): boolean {
  return Boolean(settings.clientId && settings.clientSecret);
}

/** First 4 and last 4 characters around '••••'; a short secret is not shown at all. */
function maskSecret(secret: string): string {
  if (!secret) return '';
  if (secret.length < 16) return SECRET_MASK;
  return `${secret.slice(0, 4)}${SECRET_MASK}${secret.slice(-4)}`;
}
