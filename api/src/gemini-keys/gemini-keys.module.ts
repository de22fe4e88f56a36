import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { SecretsModule } from '../secrets/secrets.module';
import { GeminiKeysController } from './gemini-keys.controller';
import { GeminiKeysService } from './gemini-keys.service';
import { GeminiModelService } from './gemini-model.service';
import { GeminiPoolService } from './gemini-pool.service';
import { GeminiFailureDay, GeminiFailureDaySchema } from './schemas/gemini-failure-day.schema';
import { GeminiKey, GeminiKeySchema } from './schemas/gemini-key.schema';

/**
 * The Gemini API keys: the admin's panel (controller) and the pool that calls Gemini with them
 * (GeminiPoolService, for the generator). GeminiKeysService is exported for the dev seed.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: GeminiKey.name, schema: GeminiKeySchema },
      { name: GeminiFailureDay.name, schema: GeminiFailureDaySchema },
    ]),
    SecretsModule,
  ],
  controllers: [GeminiKeysController],
  providers: [GeminiKeysService, GeminiModelService, GeminiPoolService],
  exports: [GeminiPoolService, GeminiKeysService],
})
export class GeminiKeysModule {}
