import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import type { AppConfig, GeminiConfig } from '../config/app-config';
import { parseKeysSecret } from '../config/keys-secret';
import { InjectConfig } from '../config/config.module';
import type { SealedSecret } from './sealed-secret.schema';

/** A sealed secret's parts as Buffers, or as the BSON Binary values a lean read gives. */
export type StoredSealedSecret = Record<'iv' | 'tag' | 'data', Buffer | { buffer: Uint8Array }> & {
  keyVersion?: number;
};

const bytesOf = (part: Buffer | { buffer: Uint8Array }): Buffer =>
  Buffer.isBuffer(part) ? part : Buffer.from(part.buffer);

const ALGORITHM = 'aes-256-gcm';
/** GCM's recommended nonce length. */
const IV_BYTES = 12;
/** The full GCM tag: a shorter one would be easier to forge, so none is accepted. */
const TAG_BYTES = 16;
/** The version of secrets sealed before versions were stored, and of the generated key file. */
const FIRST_VERSION = 1;

/**
 * Encrypts the secrets the API stores (the Gemini API keys, the PayPal client secret an admin
 * saves) at rest: AES-256-GCM, a random IV per encryption, the authentication tag stored beside
 * the ciphertext, with the data key from the configuration (GEMINI_KEYS_SECRET).
 */
@Injectable()
export class SecretCipher {
  private readonly logger = new Logger(SecretCipher.name);
  private readonly dataKey: Buffer;
  /** The current data key's version, stored with everything it seals. */
  readonly keyVersion: number;
  private readonly previousKeys: ReadonlyMap<number, Buffer>;

  constructor(@InjectConfig() config: AppConfig) {
    const secret = config.gemini.keysSecret;
    this.dataKey = this.loadDataKey(secret);
    this.keyVersion = secret.source === 'env' ? secret.version : FIRST_VERSION;
    this.previousKeys = secret.source === 'env' ? secret.previous : new Map();
  }

  seal(secret: string): SealedSecret {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.dataKey, iv, { authTagLength: TAG_BYTES });
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return { iv, tag: cipher.getAuthTag(), data, keyVersion: this.keyVersion };
  }

  /**
   * Takes the parts as a document gives them (Buffers) or as a lean read does (BSON Binary),
   * with the data key of the version that sealed it (the current one, or one of
   * GEMINI_KEYS_PREVIOUS_SECRETS while secrets are rotated). Throws when that key is not
   * configured or not the one that sealed it, when the ciphertext was altered, or when the tag is
   * not a full 16 bytes.
   */
  open(sealed: StoredSealedSecret): string {
    const version = sealed.keyVersion ?? FIRST_VERSION;
    const key = version === this.keyVersion ? this.dataKey : this.previousKeys.get(version);
    if (!key) {
      throw new Error(
        `This secret was sealed with data key version ${version}, which is not configured ` +
          '(GEMINI_KEYS_PREVIOUS_SECRETS)',
      );
    }
    const tag = bytesOf(sealed.tag);
    if (tag.length !== TAG_BYTES) throw new Error('The sealed secret has a truncated tag');
    const decipher = createDecipheriv(ALGORITHM, key, bytesOf(sealed.iv), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(bytesOf(sealed.data)), decipher.final()]).toString(
      'utf8',
    );
  }

  /** Whether a sealed secret needs sealing again with the current data key (after a rotation). */
  isStale(sealed: { keyVersion?: number }): boolean {
    return (sealed.keyVersion ?? FIRST_VERSION) !== this.keyVersion;
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
