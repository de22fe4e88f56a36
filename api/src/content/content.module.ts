import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { editedBlockPaths, type EditedBlockName } from '@coldmail/contracts';
import { ContentController } from './content.controller';
import { ContentService } from './content.service';
import { landingBlockController } from './landing-block.controller';
import { ContentBlockRecord, ContentBlockSchema } from './schemas/content-block.schema';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: ContentBlockRecord.name, schema: ContentBlockSchema }]),
  ],
  controllers: [
    ContentController,
    ...(Object.keys(editedBlockPaths) as EditedBlockName[]).map(landingBlockController),
  ],
  providers: [ContentService],
})
export class ContentModule {}
