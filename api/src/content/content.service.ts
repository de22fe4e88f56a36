import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { contentBlocks, type ContentBlockName, type ContentSettings } from './content-blocks';
import { ContentBlockRecord } from './schemas/content-block.schema';

/** The admin-edited content blocks; the only code that touches their collection. */
@Injectable()
export class ContentService {
  constructor(
    @InjectModel(ContentBlockRecord.name) private readonly blocks: Model<ContentBlockRecord>,
  ) {}

  /** What an admin saved for the block, over its defaults (for fields never saved). */
  async read<Name extends ContentBlockName>(name: Name): Promise<ContentSettings<Name>> {
    const stored = await this.blocks
      .findOne({ block: name })
      .select({ settings: 1 })
      .lean<Pick<ContentBlockRecord, 'settings'>>();
    const { schema, defaults } = contentBlocks[name];
    return schema.parse({ ...defaults(), ...stored?.settings }) as ContentSettings<Name>;
  }
}
