import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { contract, type ResponseOf } from '@coldmail/contracts';
import { Endpoint } from '../common/endpoint';
import { ContentService } from './content.service';

const endpoints = contract.content;

@ApiTags('content')
@Controller()
export class ContentController {
  constructor(private readonly content: ContentService) {}

  @Endpoint(endpoints.navLogo)
  async navLogo(): Promise<ResponseOf<typeof endpoints.navLogo>> {
    return { success: true, data: { data: await this.content.read('navLogo') } };
  }

  @Endpoint(endpoints.footer)
  async footer(): Promise<ResponseOf<typeof endpoints.footer>> {
    return {
      success: true,
      data: await this.content.read('footer'),
      message: 'Footer settings retrieved successfully',
    };
  }
}
