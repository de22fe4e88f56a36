import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** Reports are anonymous: a release nobody has reported on for this long is forgotten. */
const KEEP_SECONDS = 30 * 24 * 60 * 60;

/**
 * What visitors' browsers reported about one release of one remote: a canary's loads, any
 * release's failures, and whether the canary was stopped. Every API instance counts into the
 * same document with `$inc`.
 */
@Schema({ collection: 'remoteReleases', versionKey: false })
export class RemoteRelease {
  /** `<remote>:<release>` */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ required: true })
  remote!: string;

  /** The release's id (16 hex digits). */
  @Prop({ required: true })
  release!: string;

  @Prop({ required: true })
  loaded!: number;

  @Prop({ required: true })
  failed!: number;

  @Prop({ required: true })
  firstReportAt!: Date;

  @Prop({ required: true })
  lastReportAt!: Date;

  /**
   * What the latest failure's browser said went wrong, when it said: as sent, since error
   * messages hold `<` and quotes (`Unexpected token '<'`), and shown as text.
   */
  @Prop({ type: String, default: null })
  lastFailure!: string | null;

  /** Stopped as a canary: its visitors get the live release instead. Never undone here. */
  @Prop({ default: false })
  halted!: boolean;

  @Prop({ type: Date, default: null })
  haltedAt!: Date | null;
}

export const RemoteReleaseSchema = SchemaFactory.createForClass(RemoteRelease);
// Drops releases no longer reported on; the back office's list reads it newest first.
RemoteReleaseSchema.index({ lastReportAt: 1 }, { expireAfterSeconds: KEEP_SECONDS });
