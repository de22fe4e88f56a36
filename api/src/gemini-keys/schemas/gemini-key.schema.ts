import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Types } from 'mongoose';
import { SealedSecret, SealedSecretSchema } from '../../secrets/sealed-secret.schema';

/**
 * One key of the pool: what the admin manages (name, key, on/off) and what the pool learns about
 * it (health and use), which the admin's panel shows.
 */
@Schema({ collection: 'geminiKeys', timestamps: true, versionKey: false })
export class GeminiKey {
  @Prop({ required: true, trim: true })
  name!: string;

  /** The key, sealed: never stored in clear. */
  @Prop({ type: SealedSecretSchema, required: true })
  sealedKey!: SealedSecret;

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

  /** Tokens its calls used (prompt and answer, as Gemini counts them). */
  @Prop({ required: true, default: 0 })
  tokenCount!: number;

  @Prop({ required: true, default: 0 })
  failureCount!: number;

  createdAt!: Date;
  updatedAt!: Date;
}

export type GeminiKeyData = GeminiKey & { _id: Types.ObjectId };

export const GeminiKeySchema = SchemaFactory.createForClass(GeminiKey);
// The pool's pick: usable keys, least recently used first.
GeminiKeySchema.index({ isActive: 1, failing: 1, lastUsedAt: 1 });
