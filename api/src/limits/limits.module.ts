import { Global, Module } from '@nestjs/common';
import { UsageLimitsService } from './usage-limits.service';

/** Usage limits shared by every API instance (counted in MongoDB). */
@Global()
@Module({ providers: [UsageLimitsService], exports: [UsageLimitsService] })
export class LimitsModule {}
