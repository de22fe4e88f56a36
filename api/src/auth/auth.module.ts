import { Global, Module } from '@nestjs/common';
import { ChangeFeed } from '../database/change-feed';
import { CALLER_CACHE_MS, CallerCache } from './caller-cache';
import { FirebaseAuthService } from './firebase-auth.service';

/** Token verification and the callers' records for the global AuthGuard (registered in AppModule, after throttling). */
@Global()
@Module({
  providers: [
    FirebaseAuthService,
    {
      provide: CallerCache,
      useFactory: (feed: ChangeFeed) => new CallerCache(CALLER_CACHE_MS, feed),
      inject: [ChangeFeed],
    },
  ],
  exports: [FirebaseAuthService, CallerCache],
})
export class AuthModule {}
