import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types } from 'mongoose';

/**
 * A trial grant: an address that got its free credits, kept as a one-way hash so the address
 * cannot get them again, also after its account is deleted (the hash is all that stays of it).
 */
@Schema({ collection: 'trial_grants', versionKey: false })
export class TrialGrant {
  /** SHA-256 of the lower-cased address (see trialKeyOf). */
  @Prop({ type: String, required: true })
  _id!: string;

  /** The record the credits went to (gone after a deletion; the grant stays). */
  @Prop({ type: Types.ObjectId, required: true })
  userId!: Types.ObjectId;

  @Prop({ required: true, min: 1 })
  credits!: number;

  @Prop({ required: true })
  grantedAt!: Date;

  /** Set once the ledger applied the credits; a grant without it is finished at the next sign-in. */
  @Prop({ type: Date, default: undefined })
  creditedAt?: Date;
}

export const TrialGrantSchema = SchemaFactory.createForClass(TrialGrant);
// One trial per record too: a record that moved to another verified address gets no second one.
TrialGrantSchema.index({ userId: 1 });
