import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A secret sealed with AES-256-GCM (see SecretCipher): the secret itself is never stored in clear. */
@Schema({ _id: false, versionKey: false })
export class SealedSecret {
  /** 12 random bytes, new for every encryption. */
  @Prop({ type: Buffer, required: true })
  iv!: Buffer;

  /** GCM's authentication tag: a changed ciphertext or a wrong data key fails to decrypt. */
  @Prop({ type: Buffer, required: true })
  tag!: Buffer;

  @Prop({ type: Buffer, required: true })
  data!: Buffer;

  /** Which data key sealed it (GEMINI_KEYS_SECRET_VERSION); absent on secrets sealed before: 1. */
  @Prop({ type: Number })
  keyVersion?: number;
}

export const SealedSecretSchema = SchemaFactory.createForClass(SealedSecret);
