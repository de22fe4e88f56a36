import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * A user an admin deleted: their address (and account, when bound) may not create a record
 * again, so signing in once more cannot bring them back.
 */
@Schema({ collection: 'deleted_accounts', versionKey: false })
export class DeletedAccount {
  @Prop({ required: true, lowercase: true, trim: true })
  userEmail!: string;

  @Prop({ type: String, default: undefined })
  firebaseUid?: string;

  @Prop({ required: true })
  deletedAt!: Date;

  /** The deleting admin's e-mail. */
  @Prop({ required: true })
  deletedBy!: string;
}

export const DeletedAccountSchema = SchemaFactory.createForClass(DeletedAccount);
DeletedAccountSchema.index({ userEmail: 1 });
DeletedAccountSchema.index({ firebaseUid: 1 }, { sparse: true });
