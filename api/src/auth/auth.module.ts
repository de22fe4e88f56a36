import { Global, Module } from '@nestjs/common';
import { CallerCache } from './caller-cache';
import { FirebaseAuthService } from './firebase-auth.service';

/** Token verification and the callers' records for the global AuthGuard (registered in AppModule, after throttling). */
@Global()
@Module({
  providers: [FirebaseAuthService, { provide: CallerCache, useFactory: () => new CallerCache() }],
  exports: [FirebaseAuthService, CallerCache],
})
export class AuthModule {}
