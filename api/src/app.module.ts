import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccountModule } from './account/account.module';
import { AdminAccountsModule } from './admin-accounts/admin-accounts.module';
import { AuditModule } from './audit/audit.module';
import { StatsModule } from './stats/stats.module';
import { AuthGuard } from './auth/auth.guard';
import { AuthModule } from './auth/auth.module';
import { CallerThrottlerGuard } from './common/throttling';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { CreditsModule } from './credits/credits.module';
import { ContentModule } from './content/content.module';
import { DatabaseModule } from './database/database.module';
import { GeminiKeysModule } from './gemini-keys/gemini-keys.module';
import { GeneratorModule } from './generator/generator.module';
import { HealthModule } from './health/health.module';
import { ItemsModule } from './items/items.module';
import { JobsModule } from './jobs/jobs.module';
import { LimitsModule } from './limits/limits.module';
import { MessagesModule } from './messages/messages.module';
import { OrdersModule } from './orders/orders.module';
import { PackagesModule } from './packages/packages.module';
import { PaymentsModule } from './payments/payments.module';
import { InvoicesModule } from './invoices/invoices.module';
import { PromoCodesModule } from './promo-codes/promo-codes.module';
import { RemoteReleasesModule } from './remote-releases/remote-releases.module';
import { SeedModule } from './seed/seed.module';
import { SupportModule } from './support/support.module';
import type { Telemetry } from './telemetry/telemetry';
import { TelemetryModule } from './telemetry/telemetry.module';
import { UploadsModule } from './uploads/uploads.module';
import { UsersModule } from './users/users.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, mongoUri: string, telemetry: Telemetry): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        TelemetryModule.forRoot(telemetry),
        DatabaseModule.forRoot(mongoUri, telemetry),
        AuthModule,
        AuditModule,
        StatsModule,
        LimitsModule,
        UsersModule,
        AdminAccountsModule,
        CreditsModule,
        MessagesModule,
        UploadsModule,
        PackagesModule,
        ItemsModule,
        OrdersModule,
        InvoicesModule,
        PromoCodesModule,
        PaymentsModule,
        ContentModule,
        GeminiKeysModule,
        GeneratorModule,
        SupportModule,
        RemoteReleasesModule,
        AccountModule,
        HealthModule,
        SeedModule,
        JobsModule,
      ],
      providers: [
        // In this order: the limits count a signed-in caller by their account, which AuthGuard
        // has read from the token by then. With both limits off (tests, benchmark) the throttler
        // is left out rather than run to do nothing.
        { provide: APP_GUARD, useClass: AuthGuard },
        ...(config.throttle.limit > 0 || config.throttle.sensitiveLimit > 0
          ? [{ provide: APP_GUARD, useClass: CallerThrottlerGuard }]
          : []),
      ],
    };
  }
}
