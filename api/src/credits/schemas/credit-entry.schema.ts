import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { creditReasons, type CreditReason } from '@coldmail/contracts';
import { SchemaTypes, type Types } from 'mongoose';

/** Who set a balance by hand, and from what to what. */
@Schema({ _id: false })
export class CreditAdjustment {
  /** The admin's user id; null for the demo seed. */
  @Prop({ type: SchemaTypes.ObjectId, default: null })
  byUserId!: Types.ObjectId | null;

  @Prop({ type: String, default: null })
  byEmail!: string | null;

  @Prop({ required: true })
  oldBalance!: number;

  @Prop({ required: true })
  newBalance!: number;
}
const CreditAdjustmentSchema = SchemaFactory.createForClass(CreditAdjustment);

/**
 * One change to a user's credit balance. Written 'pending' before the balance changes and made
 * 'applied' after (see CreditLedger); an applied entry is never changed or removed again, and a
 * pending one that is refused is removed, so the collection holds every change that happened
 * and nothing that did not.
 */
@Schema({ collection: 'creditEntries', versionKey: false })
export class CreditEntry {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  userId!: Types.ObjectId;

  /** The user's address when the change was made; kept if the user is deleted later. */
  @Prop({ required: true })
  userEmail!: string;

  @Prop({ type: String, enum: creditReasons, required: true })
  reason!: CreditReason;

  /** What the change is about (order id, generation id...); unique per reason, see below. */
  @Prop({ required: true })
  reference!: string;

  /**
   * The change asked for, + or −. What was applied (`delta`) differs only for a
   * payment-reversal, which takes no more than the balance holds.
   */
  @Prop({ required: true })
  requestedDelta!: number;

  @Prop({ type: String, enum: ['pending', 'applied'], required: true })
  status!: 'pending' | 'applied';

  @Prop()
  delta?: number;

  @Prop()
  balanceAfter?: number;

  /** The user's n-th applied change: the order balanceAfter follows, oldest first. */
  @Prop()
  sequence?: number;

  /** payment-reversal: credits that could not be taken back because the balance ran out. */
  @Prop()
  shortfall?: number;

  @Prop({ type: CreditAdjustmentSchema })
  adjustment?: CreditAdjustment;

  @Prop({ required: true })
  createdAt!: Date;

  @Prop()
  appliedAt?: Date;
}

export type CreditEntryData = CreditEntry & { _id: Types.ObjectId };
export type AppliedCreditEntry = CreditEntryData &
  Required<Pick<CreditEntry, 'delta' | 'balanceAfter' | 'sequence' | 'appliedAt'>> & {
    status: 'applied';
  };

export const CreditEntrySchema = SchemaFactory.createForClass(CreditEntry);
// Every change happens once: repeating a purchase, a generation's debit or its refund finds the
// first entry instead of adding a second.
CreditEntrySchema.index({ reason: 1, reference: 1 }, { unique: true });
// The recovery sweep's look at recent debits of one reason.
CreditEntrySchema.index({ reason: 1, createdAt: 1 });
// The statistics: credits sold and spent within a range of days.
CreditEntrySchema.index(
  { appliedAt: 1 },
  { partialFilterExpression: { appliedAt: { $type: 'date' } } },
);
// A user's history, newest first.
CreditEntrySchema.index({ userId: 1, sequence: -1, _id: -1 });
// Start-up recovery looks for the few entries a stopped process left pending.
CreditEntrySchema.index({ status: 1 }, { partialFilterExpression: { status: 'pending' } });
