import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { CreditsModule } from '../credits/credits.module';
import { GeneratorModule } from '../generator/generator.module';
import { OrdersModule } from '../orders/orders.module';
import { PaymentsModule } from '../payments/payments.module';
import { StatsModule } from '../stats/stats.module';
import { LeasesService } from './leases.service';
import { RecoverySweepService } from './recovery-sweep.service';

/** Periodic jobs, each run by one API instance at a time (leases in the database). */
@Module({
  imports: [
    AccountModule,
    CreditsModule,
    GeneratorModule,
    OrdersModule,
    PaymentsModule,
    StatsModule,
  ],
  providers: [LeasesService, RecoverySweepService],
})
export class JobsModule {}
