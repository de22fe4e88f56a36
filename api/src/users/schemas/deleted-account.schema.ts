import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, type Types } from 'mongoose';

/**
 * A deleted account. One an admin deleted: its address (and account, when bound) may not create
 * a record again, so signing in once more cannot bring them back. One its owner deleted
 * (DELETE /api/account): only its uid is kept out, so that the account's ID tokens, valid for up
 * to an hour, reach no record and cannot make one again; the address may register again.
 */
@Schema({ collection: 'deleted_accounts', versionKey: false })
export class DeletedAccount {
  /** An admin's deletion only. */
  @Prop({ type: String, lowercase: true, trim: true, default: undefined })
  userEmail?: string;

  @Prop({ type: String, default: undefined })
  firebaseUid?: string;

  @Prop({ required: true })
  deletedAt!: Date;

  /** The deleting admin's e-mail (an admin's deletion only). */
  @Prop({ type: String, default: undefined })
  deletedBy?: string;

  /** A deletion by the account's owner: the user record it deletes. */
  @Prop({ type: SchemaTypes.ObjectId, default: undefined })
  selfDeletedUserId?: Types.ObjectId;

  /** A self-deletion not finished yet: the recovery sweep finishes it. */
  @Prop({ type: Date, default: undefined })
  pendingSince?: Date;

  /** A finished self-deletion is forgotten then, once its account's tokens have all expired. */
  @Prop({ type: Date, default: undefined })
  expiresAt?: Date;
}

export const DeletedAccountSchema = SchemaFactory.createForClass(DeletedAccount);
DeletedAccountSchema.index({ userEmail: 1 });
DeletedAccountSchema.index({ firebaseUid: 1 }, { sparse: true });
DeletedAccountSchema.index({ pendingSince: 1 }, { sparse: true });
DeletedAccountSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
