import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import {
  userMemberships,
  userRoles,
  type CreditReason,
  type UserMembership,
  type UserRole,
} from '@coldmail/contracts';
import { SchemaTypes, type Types } from 'mongoose';

@Schema({ _id: false })
export class MessageLog {
  @Prop({ required: true })
  subject!: string;

  /** Sanitized HTML, as it was sent. */
  @Prop({ required: true })
  messageBody!: string;

  @Prop({ required: true })
  sentAt!: Date;

  /** The sending admin's e-mail. */
  @Prop({ required: true })
  sentBy!: string;
}
const MessageLogSchema = SchemaFactory.createForClass(MessageLog);

/** A balance change decided on the user's record, waiting to be recorded on its ledger entry. */
export interface PendingCreditChange {
  heldAt: Date;
  /** Set when decided; null when refused. */
  delta?: number | null;
  outcome?: 'applied' | 'refused';
  balanceAfter?: number;
  sequence?: number;
  decidedAt?: Date;
  /**
   * A debit decided in one write (CreditLedger.debitNew) carries the change itself, so that its
   * entry can be written from the hold alone.
   */
  change?: { reason: CreditReason; reference: string; requestedDelta: number; userEmail: string };
}

@Schema({ collection: 'users', timestamps: true, versionKey: false })
export class User {
  @Prop({ required: true, trim: true })
  userName!: string;

  /** Lower-cased, as in the sign-in tokens; one record per address (unique index below). */
  @Prop({ required: true, lowercase: true, trim: true })
  userEmail!: string;

  /**
   * The Firebase account this record belongs to, matched on every request. Unset only on records
   * made before accounts were bound (and the dev seed's), which the first verified sign-in binds.
   */
  @Prop({ type: String, default: undefined })
  firebaseUid?: string;

  /**
   * How the record came to its account: made at its first sign-in, claimed by a verified
   * address (which gives a member's record at most), or given by the operator's grant, the
   * ADMIN_EMAILS bootstrap or the dev seed. Unset on records bound before it was kept.
   */
  @Prop({ type: String, enum: ['sign-up', 'address', 'grant', 'seed'], default: undefined })
  boundBy?: 'sign-up' | 'address' | 'grant' | 'seed';

  @Prop({ type: String, default: null })
  profileURL!: string | null;

  @Prop({ type: String, enum: userRoles, default: 'member' })
  userRole!: UserRole;

  @Prop({ type: String, enum: userMemberships, default: 'free' })
  userMembership!: UserMembership;

  /**
   * Credits. Whole numbers only, so balance arithmetic stays exact. Changed only through the
   * credit ledger (api/src/credits), never by this module.
   */
  @Prop({ type: Number, default: 0, validate: { validator: Number.isInteger } })
  currentBalance!: number;

  @Prop({ default: '' })
  aboutMe!: string;

  @Prop({ default: '' })
  address!: string;

  @Prop({ default: '' })
  city!: string;

  @Prop({ default: '' })
  country!: string;

  @Prop({ default: '' })
  phone!: string;

  @Prop({ type: [MessageLogSchema], default: [] })
  messageLogs!: MessageLog[];

  /**
   * Written by the credits module only, like currentBalance: the changes under way, by ledger
   * entry id, each holding its decision (applied or refused, delta, balance after) until the
   * entry records it. See CreditLedger. Never sent to clients.
   */
  @Prop({ type: SchemaTypes.Mixed, default: undefined, select: false })
  pendingCreditChanges?: Record<string, PendingCreditChange>;

  /** How many ledger entries currentBalance holds; the credits module numbers them with it. */
  @Prop({ type: Number, default: undefined, select: false })
  creditSequence?: number;

  createdAt!: Date;
  updatedAt!: Date;
}

/** A user as read with lean(): a plain object. */
export type UserData = User & { _id: Types.ObjectId };

export const UserSchema = SchemaFactory.createForClass(User);
// Makes create-user idempotent under concurrent calls: a second insert for the same address
// fails instead of creating a duplicate.
UserSchema.index({ userEmail: 1 }, { unique: true });
// Every signed-in request finds its record by the token's uid; one record per Firebase account.
UserSchema.index({ firebaseUid: 1 }, { unique: true, sparse: true });
// The admin directory lists users newest first.
UserSchema.index({ createdAt: -1, _id: -1 });
// GET /users/admins
UserSchema.index({ userRole: 1 });
