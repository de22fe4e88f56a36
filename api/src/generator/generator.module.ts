import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CreditsModule } from '../credits/credits.module';
import { GeminiKeysModule } from '../gemini-keys/gemini-keys.module';
import { GenerationRecord, GenerationSchema } from './schemas/generation.schema';
import { GeneratorController } from './generator.controller';
import { GeneratorService } from './generator.service';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: GenerationRecord.name, schema: GenerationSchema }]),
    CreditsModule,
    GeminiKeysModule,
  ],
  controllers: [GeneratorController],
  providers: [GeneratorService],
  exports: [GeneratorService],
})
export class GeneratorModule {}
