import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { GeminiKeysModule } from '../gemini-keys/gemini-keys.module';
import { ItemsModule } from '../items/items.module';
import { PackagesModule } from '../packages/packages.module';
import { UsersModule } from '../users/users.module';
import { DemoSeedService } from './demo-seed.service';

@Module({
  imports: [UsersModule, CreditsModule, PackagesModule, ItemsModule, GeminiKeysModule],
  providers: [DemoSeedService],
  exports: [DemoSeedService],
})
export class SeedModule {}
