import { Global, Module } from '@nestjs/common';
import { FirebaseAuthService } from './firebase-auth.service';

/** Token verification for the global AuthGuard (registered in AppModule, after throttling). */
@Global()
@Module({ providers: [FirebaseAuthService], exports: [FirebaseAuthService] })
export class AuthModule {}
