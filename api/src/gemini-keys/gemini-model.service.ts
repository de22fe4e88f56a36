import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { GeminiModelSettings } from '@coldmail/contracts';
import type { Connection } from 'mongoose';
import { AuditService } from '../audit/audit.service';
import type { AuthContext } from '../auth/auth-context';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';

interface StoredModel {
  _id: 'model';
  /** The admin's choice; null: GEMINI_MODEL. */
  model: string | null;
  updatedAt: Date;
}

/**
 * Which Gemini model every call names: an admin's choice (Settings › Gemini Keys), else
 * GEMINI_MODEL. It is read from the database for each call, so a change made on any instance
 * applies to the next call on every instance; a generation costs a model call anyway.
 */
@Injectable()
export class GeminiModelService {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    @InjectConfig() private readonly config: AppConfig,
    private readonly audit: AuditService,
  ) {}

  async current(): Promise<string> {
    return (await this.stored())?.model ?? this.config.gemini.model;
  }

  async view(): Promise<GeminiModelSettings> {
    const override = (await this.stored())?.model ?? null;
    return {
      model: override ?? this.config.gemini.model,
      override,
      default: this.config.gemini.model,
    };
  }

  /** Sets the admin's choice, or with null goes back to GEMINI_MODEL. */
  async set(caller: AuthContext, model: string | null): Promise<GeminiModelSettings> {
    const before = await this.view();
    await this.settings().updateOne(
      { _id: 'model' },
      { $set: { model, updatedAt: new Date() } },
      { upsert: true },
    );
    const after = await this.view();
    if (before.model !== after.model || before.override !== after.override) {
      await this.audit.record(caller, {
        action: 'settings.gemini.model-change',
        target: { kind: 'settings', label: 'Gemini model' },
        before: { model: before.model, override: before.override },
        after: { model: after.model, override: after.override },
      });
    }
    return after;
  }

  private stored(): Promise<StoredModel | null> {
    return this.settings().findOne({ _id: 'model' });
  }

  private settings() {
    return this.connection.collection<StoredModel>('geminiSettings');
  }
}
