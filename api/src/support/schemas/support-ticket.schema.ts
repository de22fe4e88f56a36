import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { ticketStatus, ticketStatuses, type TicketMessage } from '@coldmail/contracts';
import { SchemaTypes, type Types } from 'mongoose';

@Schema({ _id: false })
export class TicketEntry {
  @Prop({ required: true })
  message!: string;

  @Prop({ required: true })
  timestamp!: Date;

  @Prop({ required: true, type: String, enum: ['admin', 'user'] })
  sender!: TicketMessage['sender'];

  /** Who wrote it, from their token (an admin's address, or the ticket's user). */
  @Prop()
  by?: string;
}
const TicketEntrySchema = SchemaFactory.createForClass(TicketEntry);

/** A support ticket (spec: Support ticket), from a visitor's contact form or the user area. */
@Schema({ collection: 'supportTickets', timestamps: true, versionKey: false })
export class SupportTicket {
  @Prop({ required: true })
  subject!: string;

  @Prop({ required: true })
  message!: string;

  @Prop({ required: true, type: String, enum: ticketStatuses, default: ticketStatus.open })
  ticketStatus!: (typeof ticketStatuses)[number];

  @Prop({ default: 'normal' })
  priority!: string;

  @Prop({ required: true })
  ticketUserName!: string;

  /**
   * Lower-case; where the admin's replies are e-mailed. On a contact-form ticket it is whatever
   * address the visitor typed, so it never makes a ticket someone's (userId does).
   */
  @Prop({ required: true, lowercase: true, trim: true })
  ticketUserEmail!: string;

  @Prop({ type: String, default: null })
  ticketUserProfileURL!: string | null;

  /** 'visitor' for the contact form; a signed-in user's role otherwise. */
  @Prop({ required: true })
  ticketUserRole!: string;

  @Prop({ default: '' })
  phone!: string;

  /** The signed-in author's record, when there was one: a user's tickets are those with theirs. */
  @Prop({ type: SchemaTypes.ObjectId, default: null })
  userId!: Types.ObjectId | null;

  /** The conversation after the first message: replies from both sides, oldest first. */
  @Prop({ type: [TicketEntrySchema], default: [] })
  adminMessage!: TicketEntry[];

  /** UTF-8 bytes of the replies' texts, kept beside them so a reply past the bound is refused. */
  @Prop({ default: 0 })
  conversationBytes!: number;

  /** The user wrote something no admin has opened yet (the inbox's unread count). */
  @Prop({ default: true })
  unreadByAdmin!: boolean;

  /** An admin replied and the user has not opened the ticket since. */
  @Prop({ default: false })
  unreadByUser!: boolean;

  createdAt!: Date;
  updatedAt!: Date;
}

export type SupportTicketData = SupportTicket & { _id: Types.ObjectId };

export const SupportTicketSchema = SchemaFactory.createForClass(SupportTicket);
// A user's tickets newest first (and their hourly count); one address's tickets for the admin's
// filter and the contact form's hourly count; the admin inbox newest first; counts by status.
SupportTicketSchema.index({ userId: 1, createdAt: -1, _id: -1 });
SupportTicketSchema.index({ ticketUserEmail: 1, createdAt: -1, _id: -1 });
SupportTicketSchema.index({ createdAt: -1, _id: -1 });
SupportTicketSchema.index({ ticketStatus: 1 });
SupportTicketSchema.index({ unreadByAdmin: 1 });
