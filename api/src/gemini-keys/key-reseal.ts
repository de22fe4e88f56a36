import type { Logger } from '@nestjs/common';
import type { Model } from 'mongoose';
import { trusted } from 'mongoose';
import type { SecretCipher } from '../secrets/secret-cipher';
import type { GeminiKey, GeminiKeyData } from './schemas/gemini-key.schema';

/**
 * After a rotation of the data key (GEMINI_KEYS_SECRET_VERSION), keys sealed with an older one
 * are sealed again with the current one, so the old key can then be dropped. A key is only
 * replaced if it is still the one read (another instance may be doing the same).
 */
export async function resealStaleKeys(
  keys: Model<GeminiKey>,
  cipher: SecretCipher,
  logger: Logger,
): Promise<void> {
  const stale = await keys
    .find({ 'sealedKey.keyVersion': trusted({ $ne: cipher.keyVersion }) })
    .select({ sealedKey: 1 })
    .lean<Pick<GeminiKeyData, '_id' | 'sealedKey'>[]>();
  for (const key of stale) {
    const resealed = cipher.seal(cipher.open(key.sealedKey));
    await keys.updateOne(
      { _id: key._id, 'sealedKey.iv': key.sealedKey.iv },
      { $set: { sealedKey: resealed } },
      { timestamps: false },
    );
  }
  if (stale.length > 0) {
    logger.log(
      `${stale.length} Gemini key(s) sealed again with data key version ${cipher.keyVersion}`,
    );
  }
}
