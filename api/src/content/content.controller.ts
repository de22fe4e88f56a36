import { Controller, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { contract, type ResponseOf, type ParsedBodyOf } from '@coldmail/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { CurrentUser, type AuthContext } from '../auth/auth-context';
import { Endpoint, ValidBody } from '../common/endpoint';
import { ContentService } from './content.service';
import { revalidated } from './landing-block.controller';

const endpoints = contract.content;

/**
 * The header logo, the landing page's one read and the banner's stats. Each landing block's own
 * read, save, toggle and reset come from landingBlockController.
 */
@ApiTags('content')
@Controller()
export class ContentController {
  constructor(private readonly content: ContentService) {}

  @Endpoint(endpoints.navLogo)
  async navLogo(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ResponseOf<typeof endpoints.navLogo>> {
    const served = await this.content.served('navLogo');
    revalidated(request, reply, served.etag);
    return { success: true, data: { data: served.settings } };
  }

  @Endpoint(endpoints.navLogoUpdate)
  async navLogoUpdate(
    @CurrentUser() admin: AuthContext,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.navLogoUpdate>,
  ): Promise<ResponseOf<typeof endpoints.navLogoUpdate>> {
    const data = await this.content.save(admin, 'navLogo', body);
    return { success: true, message: 'Logo updated successfully!', data };
  }

  /** Every block of the landing page in one read: the page needs one request, not seven. */
  @Endpoint(endpoints.landing)
  async landing(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ResponseOf<typeof endpoints.landing>> {
    const { content, etag } = await this.content.landing();
    revalidated(request, reply, etag);
    return content;
  }

  @Endpoint(endpoints.bannerStats)
  async bannerStats(): Promise<ResponseOf<typeof endpoints.bannerStats>> {
    const served = await this.content.served('banner');
    return {
      success: true,
      data: {
        isActive: served.settings.isActive,
        hasYoutubeVideo: served.settings.youtubeUrl !== '',
        hasBackgroundImage: served.settings.backgroundImage !== '',
        lastUpdated: served.updatedAt?.toISOString() ?? null,
      },
    };
  }
}
