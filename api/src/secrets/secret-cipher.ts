import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { parseKeysSecret, type AppConfig, type GeminiConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import type { SealedSecret } from './sealed-secret.schema';

/** A sealed secret's parts as Buffers, or as the BSON Binary values a lean read gives. */
export type StoredSealedSecret = Record<keyof SealedSecret, Buffer | { buffer: Uint8Array }>;

const bytesOf = (part: Buffer | { buffer: Uint8Array }): Buffer =>
  Buffer.isBuffer(part) ? part : Buffer.from(part.buffer);

const ALGORITHM = 'aes-256-gcm';
/** GCM's recommended nonce length. */
const IV_BYTES = 12;

/**
 * Encrypts the secrets the API stores (the Gemini API keys, the PayPal client secret an admin
 * saves) at rest: AES-256-GCM, a random IV per encryption, the authentication tag stored beside
 * the ciphertext, with the data key from the configuration (GEMINI_KEYS_SECRET).
 */
@Injectable()
export class SecretCipher {
  private readonly logger = new Logger(SecretCipher.name);
  private readonly dataKey: Buffer;

  constructor(@InjectConfig() config: AppConfig) {
    this.dataKey = this.loadDataKey(config.gemini.keysSecret);
  }

  seal(secret: string): SealedSecret {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.dataKey, iv);
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return { iv, tag: cipher.getAuthTag(), data };
  }

  /**
   * Takes the parts as a document gives them (Buffers) or as a lean read does (BSON Binary).
   * Throws when the data key is not the one that sealed it, or the ciphertext was altered.
   */
  open(sealed: StoredSealedSecret): string {
    const decipher = createDecipheriv(ALGORITHM, this.dataKey, bytesOf(sealed.iv));
    decipher.setAuthTag(bytesOf(sealed.tag));
    return Buffer.concat([decipher.update(bytesOf(sealed.data)), decipher.final()]).toString(
      'utf8',
    );
  }

  /**
   * GEMINI_KEYS_SECRET, or (outside production, where the configuration refuses to start without
   * it) a key file made on first start, readable by this user only. Start-up only, so sync I/O.
   */
  private loadDataKey(secret: GeminiConfig['keysSecret']): Buffer {
    if (secret.source === 'env') return secret.key;
    try {
      mkdirSync(dirname(secret.path), { recursive: true, mode: 0o700 });
      // 'wx': never overwrite a key file another process has just written.
      writeFileSync(secret.path, `${randomBytes(32).toString('base64')}\n`, {
        mode: 0o600,
        flag: 'wx',
      });
      this.logger.log(
        `Generated the development data key for stored secrets at ${secret.path}; ` +
          'set GEMINI_KEYS_SECRET in production',
      );
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const key = parseKeysSecret(readFileSync(secret.path, 'utf8'));
    if (!key) {
      throw new Error(
        `${secret.path} does not hold a 32-byte key (base64 or hex); delete it to generate a new ` +
          'one (secrets stored with the old one will then need to be entered again)',
      );
    }
    return key;
  }
}
