import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CreditEntry, CreditEntrySchema } from '../credits/schemas/credit-entry.schema';
import {
  GeminiFailureDay,
  GeminiFailureDaySchema,
} from '../gemini-keys/schemas/gemini-failure-day.schema';
import { GeminiKey, GeminiKeySchema } from '../gemini-keys/schemas/gemini-key.schema';
import { GenerationRecord, GenerationSchema } from '../generator/schemas/generation.schema';
import { OrdersModule } from '../orders/orders.module';
import { User, UserSchema } from '../users/schemas/user.schema';
import { StatsDay, StatsDaySchema } from './schemas/stats-day.schema';
import { StatsController } from './stats.controller';
import { StatsService } from './stats.service';

/**
 * Revenue and usage over time (the admin dashboard's charts). It reads the other modules'
 * collections (their own schemas; each module still owns its writes) and keeps past days'
 * figures in its own.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: StatsDay.name, schema: StatsDaySchema },
      { name: CreditEntry.name, schema: CreditEntrySchema },
      { name: User.name, schema: UserSchema },
      { name: GenerationRecord.name, schema: GenerationSchema },
      { name: GeminiFailureDay.name, schema: GeminiFailureDaySchema },
      { name: GeminiKey.name, schema: GeminiKeySchema },
    ]),
    // The orders collection, as the orders module defines it.
    OrdersModule,
  ],
  controllers: [StatsController],
  providers: [StatsService],
  exports: [StatsService],
})
export class StatsModule {}
