import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Types } from 'mongoose';

/** A Gemini API key sealed with AES-256-GCM: the key itself is never stored in clear. */
@Schema({ _id: false, versionKey: false })
export class SealedKey {
  /** 12 random bytes, new for every encryption. */
  @Prop({ type: Buffer, required: true })
  iv!: Buffer;

  /** GCM's authentication tag: a changed ciphertext or a wrong data key fails to decrypt. */
  @Prop({ type: Buffer, required: true })
  tag!: Buffer;

  @Prop({ type: Buffer, required: true })
  data!: Buffer;
}

/**
 * One key of the pool: what the admin manages (name, key, on/off) and what the pool learns about
 * it (health and use), which the admin's panel shows.
 */
@Schema({ collection: 'geminiKeys', timestamps: true, versionKey: false })
export class GeminiKey {
  @Prop({ required: true, trim: true })
  name!: string;

  @Prop({ type: SchemaFactory.createForClass(SealedKey), required: true })
  sealedKey!: SealedKey;

  /** What admins see instead of the key (first 8 + '...' + last 4), kept to list without decrypting. */
  @Prop({ required: true })
  keyMask!: string;

  @Prop({ required: true, default: true })
  isActive!: boolean;

  /** Google refused the key as invalid or revoked: skipped until an admin edits or re-activates it. */
  @Prop({ required: true, default: false })
  failing!: boolean;

  /** Rate-limited by Google: skipped until then. */
  @Prop({ type: Date, default: null })
  coolingUntil!: Date | null;

  @Prop({ type: String, default: null })
  lastError!: string | null;

  @Prop({ type: Date, default: null })
  lastErrorAt!: Date | null;

  /** When the pool last picked the key: the least recently used healthy key goes next. */
  @Prop({ type: Date, default: null })
  lastUsedAt!: Date | null;

  @Prop({ required: true, default: 0 })
  useCount!: number;

  @Prop({ required: true, default: 0 })
  failureCount!: number;

  createdAt!: Date;
  updatedAt!: Date;
}

export type GeminiKeyData = GeminiKey & { _id: Types.ObjectId };

export const GeminiKeySchema = SchemaFactory.createForClass(GeminiKey);
// The pool's pick: usable keys, least recently used first.
GeminiKeySchema.index({ isActive: 1, failing: 1, lastUsedAt: 1 });
