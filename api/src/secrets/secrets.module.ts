import { Module } from '@nestjs/common';
import { SecretCipher } from './secret-cipher';

/** Encryption at rest for the secrets the API stores (one data key, one cipher instance). */
@Module({
  providers: [SecretCipher],
  exports: [SecretCipher],
})
export class SecretsModule {}
