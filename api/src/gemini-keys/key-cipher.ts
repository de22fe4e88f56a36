import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { parseKeysSecret, type AppConfig, type GeminiConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import type { SealedKey } from './schemas/gemini-key.schema';

const ALGORITHM = 'aes-256-gcm';
/** GCM's recommended nonce length. */
const IV_BYTES = 12;

/**
 * Encrypts the Gemini API keys at rest (AES-256-GCM, a random IV per encryption, the
 * authentication tag stored beside the ciphertext) with the data key from the configuration.
 */
@Injectable()
export class GeminiKeyCipher {
  private readonly logger = new Logger(GeminiKeyCipher.name);
  private readonly dataKey: Buffer;

  constructor(@InjectConfig() config: AppConfig) {
    this.dataKey = this.loadDataKey(config.gemini.keysSecret);
  }

  seal(apiKey: string): SealedKey {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.dataKey, iv);
    const data = Buffer.concat([cipher.update(apiKey, 'utf8'), cipher.final()]);
    return { iv, tag: cipher.getAuthTag(), data };
  }

  /** Throws when the data key is not the one that sealed it, or the ciphertext was altered. */
  open(sealed: SealedKey): string {
    const decipher = createDecipheriv(ALGORITHM, this.dataKey, sealed.iv);
    decipher.setAuthTag(sealed.tag);
    return Buffer.concat([decipher.update(sealed.data), decipher.final()]).toString('utf8');
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
        `Generated the development data key for stored Gemini keys at ${secret.path}; ` +
          'set GEMINI_KEYS_SECRET in production',
      );
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const key = parseKeysSecret(readFileSync(secret.path, 'utf8'));
    if (!key) {
      throw new Error(
        `${secret.path} does not hold a 32-byte key (base64 or hex); delete it to generate a new ` +
          'one (keys stored with the old one will then need to be entered again)',
      );
    }
    return key;
  }
}
