import { Global, Module } from '@nestjs/common';
import { SharedThrottlerStorage } from './shared-throttler-storage';
import { UsageLimitsService } from './usage-limits.service';

/** Usage limits and the request throttler's counts, shared by every API instance (in MongoDB). */
@Global()
@Module({
  providers: [UsageLimitsService, SharedThrottlerStorage],
  exports: [UsageLimitsService, SharedThrottlerStorage],
})
export class LimitsModule {}
