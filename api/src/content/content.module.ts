import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ContentController } from './content.controller';
import { ContentService } from './content.service';
import { ContentBlockRecord, ContentBlockSchema } from './schemas/content-block.schema';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: ContentBlockRecord.name, schema: ContentBlockSchema }]),
  ],
  controllers: [ContentController],
  providers: [ContentService],
})
export class ContentModule {}
