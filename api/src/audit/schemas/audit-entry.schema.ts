import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, type Types } from 'mongoose';

@Schema({ _id: false })
export class AuditActor {
  @Prop({ required: true, lowercase: true })
  email!: string;

  @Prop({ type: SchemaTypes.ObjectId, default: null })
  userId!: Types.ObjectId | null;
}

@Schema({ _id: false })
export class AuditTarget {
  /** The product noun: 'user', 'package', 'order', 'ticket', 'settings', 'content'... */
  @Prop({ required: true })
  kind!: string;

  @Prop({ type: String, default: null })
  id!: string | null;

  /** Something a person recognises (an e-mail, a package name, an order code). */
  @Prop({ type: String, default: null })
  label!: string | null;
}

/** An admin change. Append-only: nothing updates or deletes these documents. */
@Schema({ collection: 'audit_log', versionKey: false })
export class AuditEntry {
  @Prop({ required: true })
  at!: Date;

  @Prop({ required: true })
  action!: string;

  @Prop({ type: SchemaFactory.createForClass(AuditActor), required: true })
  actor!: AuditActor;

  @Prop({ type: SchemaFactory.createForClass(AuditTarget), required: true })
  target!: AuditTarget;

  @Prop({ type: SchemaTypes.Mixed, default: null })
  before!: unknown;

  @Prop({ type: SchemaTypes.Mixed, default: null })
  after!: unknown;
}

export type AuditEntryData = AuditEntry & { _id: Types.ObjectId };

export const AuditEntrySchema = SchemaFactory.createForClass(AuditEntry);
// The log page reads newest first, optionally by action or by the kind of record.
AuditEntrySchema.index({ at: -1, _id: -1 });
AuditEntrySchema.index({ action: 1, at: -1, _id: -1 });
AuditEntrySchema.index({ 'target.kind': 1, at: -1, _id: -1 });
