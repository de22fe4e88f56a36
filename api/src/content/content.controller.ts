import { Controller, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  contract,
  type ResponseOf,
  type aboutBodySchema,
  type bannerBodySchema,
  type contactBodySchema,
  type featuresBodySchema,
  type footerBodySchema,
  type navLogoBodySchema,
  type testimonialBodySchema,
} from '@coldmail/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CurrentUser, type AuthContext } from '../auth/auth-context';
import { Endpoint, ValidBody } from '../common/endpoint';
import { ContentService } from './content.service';

const endpoints = contract.content;

/**
 * Public reads carry an ETag and must be revalidated (browsers and CDNs keep them, then ask
 * "still this?" and get a bodiless 304 until an admin saves).
 */
function revalidated(request: FastifyRequest, reply: FastifyReply, etag: string): void {
  void reply.header('etag', etag).header('cache-control', 'public, max-age=0, must-revalidate');
  if (request.headers['if-none-match'] === etag) void reply.status(304);
}

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
    @ValidBody() body: z.output<typeof navLogoBodySchema>,
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

  @Endpoint(endpoints.banner)
  async banner(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ResponseOf<typeof endpoints.banner>> {
    const served = await this.content.served('banner');
    revalidated(request, reply, served.etag);
    return {
      success: true,
      message: 'Banner section retrieved successfully',
      data: served.settings,
    };
  }

  @Endpoint(endpoints.bannerUpdate)
  async bannerUpdate(
    @CurrentUser() admin: AuthContext,
    @ValidBody() body: z.output<typeof bannerBodySchema>,
  ): Promise<ResponseOf<typeof endpoints.bannerUpdate>> {
    const data = await this.content.save(admin, 'banner', body);
    return { success: true, message: 'Banner section updated successfully!', data };
  }

  @Endpoint(endpoints.bannerToggle)
  async bannerToggle(
    @CurrentUser() admin: AuthContext,
  ): Promise<ResponseOf<typeof endpoints.bannerToggle>> {
    const data = await this.content.toggle(admin, 'banner');
    return {
      success: true,
      message: `Banner section ${data.isActive ? 'activated' : 'deactivated'} successfully`,
      data,
    };
  }

  @Endpoint(endpoints.bannerReset)
  async bannerReset(
    @CurrentUser() admin: AuthContext,
  ): Promise<ResponseOf<typeof endpoints.bannerReset>> {
    const data = await this.content.reset(admin, 'banner');
    return { success: true, message: 'Banner section reset to default successfully!', data };
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

  @Endpoint(endpoints.features)
  async features(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ResponseOf<typeof endpoints.features>> {
    const served = await this.content.served('features');
    revalidated(request, reply, served.etag);
    return {
      success: true,
      message: 'Features section retrieved successfully',
      data: served.settings,
    };
  }

  @Endpoint(endpoints.featuresUpdate)
  async featuresUpdate(
    @CurrentUser() admin: AuthContext,
    @ValidBody() body: z.output<typeof featuresBodySchema>,
  ): Promise<ResponseOf<typeof endpoints.featuresUpdate>> {
    const data = await this.content.save(admin, 'features', body);
    return { success: true, message: 'Features section updated successfully', data };
  }

  @Endpoint(endpoints.featuresToggle)
  async featuresToggle(
    @CurrentUser() admin: AuthContext,
  ): Promise<ResponseOf<typeof endpoints.featuresToggle>> {
    const data = await this.content.toggle(admin, 'features');
    return {
      success: true,
      message: `Features section ${data.isActive ? 'activated' : 'deactivated'} successfully`,
      data,
    };
  }

  @Endpoint(endpoints.featuresReset)
  async featuresReset(
    @CurrentUser() admin: AuthContext,
  ): Promise<ResponseOf<typeof endpoints.featuresReset>> {
    const data = await this.content.reset(admin, 'features');
    return { success: true, message: 'Features section reset to default successfully', data };
  }

  @Endpoint(endpoints.about)
  async about(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ResponseOf<typeof endpoints.about>> {
    const served = await this.content.served('about');
    revalidated(request, reply, served.etag);
    return {
      success: true,
      message: 'About section retrieved successfully',
      data: served.settings,
    };
  }

  @Endpoint(endpoints.aboutUpdate)
  async aboutUpdate(
    @CurrentUser() admin: AuthContext,
    @ValidBody() body: z.output<typeof aboutBodySchema>,
  ): Promise<ResponseOf<typeof endpoints.aboutUpdate>> {
    const data = await this.content.save(admin, 'about', body);
    return { success: true, message: 'About section updated successfully', data };
  }

  @Endpoint(endpoints.aboutToggle)
  async aboutToggle(
    @CurrentUser() admin: AuthContext,
  ): Promise<ResponseOf<typeof endpoints.aboutToggle>> {
    const data = await this.content.toggle(admin, 'about');
    return {
      success: true,
      message: `About section ${data.isActive ? 'activated' : 'deactivated'} successfully`,
      data,
    };
  }

  @Endpoint(endpoints.aboutReset)
  async aboutReset(
    @CurrentUser() admin: AuthContext,
  ): Promise<ResponseOf<typeof endpoints.aboutReset>> {
    const data = await this.content.reset(admin, 'about');
    return { success: true, message: 'About section reset to default successfully', data };
  }

  /** The spec's client posts to /about-section/reset; /api/about-section/reset answers too. */
  @Endpoint(endpoints.aboutResetApi)
  async aboutResetApi(
    @CurrentUser() admin: AuthContext,
  ): Promise<ResponseOf<typeof endpoints.aboutResetApi>> {
    const data = await this.content.reset(admin, 'about');
    return { success: true, message: 'About section reset to default successfully', data };
  }

  @Endpoint(endpoints.testimonial)
  async testimonial(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ResponseOf<typeof endpoints.testimonial>> {
    const served = await this.content.served('testimonial');
    revalidated(request, reply, served.etag);
    return {
      success: true,
      message: 'Testimonial section retrieved successfully',
      data: served.settings,
    };
  }

  @Endpoint(endpoints.testimonialUpdate)
  async testimonialUpdate(
    @CurrentUser() admin: AuthContext,
    @ValidBody() body: z.output<typeof testimonialBodySchema>,
  ): Promise<ResponseOf<typeof endpoints.testimonialUpdate>> {
    const data = await this.content.save(admin, 'testimonial', body);
    return { success: true, message: 'Testimonial section updated successfully', data };
  }

  @Endpoint(endpoints.testimonialToggle)
  async testimonialToggle(
    @CurrentUser() admin: AuthContext,
  ): Promise<ResponseOf<typeof endpoints.testimonialToggle>> {
    const data = await this.content.toggle(admin, 'testimonial');
    return {
      success: true,
      message: `Testimonial section ${data.isActive ? 'activated' : 'deactivated'} successfully`,
      data,
    };
  }

  @Endpoint(endpoints.testimonialReset)
  async testimonialReset(
    @CurrentUser() admin: AuthContext,
  ): Promise<ResponseOf<typeof endpoints.testimonialReset>> {
    const data = await this.content.reset(admin, 'testimonial');
    return { success: true, message: 'Testimonial section reset to default successfully', data };
  }

  @Endpoint(endpoints.contact)
  async contact(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ResponseOf<typeof endpoints.contact>> {
    const served = await this.content.served('contact');
    revalidated(request, reply, served.etag);
    return {
      success: true,
      message: 'Contact section retrieved successfully',
      data: served.settings,
    };
  }

  @Endpoint(endpoints.contactUpdate)
  async contactUpdate(
    @CurrentUser() admin: AuthContext,
    @ValidBody() body: z.output<typeof contactBodySchema>,
  ): Promise<ResponseOf<typeof endpoints.contactUpdate>> {
    const data = await this.content.save(admin, 'contact', body);
    return { success: true, message: 'Contact section updated successfully', data };
  }

  @Endpoint(endpoints.contactToggle)
  async contactToggle(
    @CurrentUser() admin: AuthContext,
  ): Promise<ResponseOf<typeof endpoints.contactToggle>> {
    const data = await this.content.toggle(admin, 'contact');
    return {
      success: true,
      message: `Contact section ${data.isActive ? 'activated' : 'deactivated'} successfully`,
      data,
    };
  }

  @Endpoint(endpoints.contactReset)
  async contactReset(
    @CurrentUser() admin: AuthContext,
  ): Promise<ResponseOf<typeof endpoints.contactReset>> {
    const data = await this.content.reset(admin, 'contact');
    return { success: true, message: 'Contact section reset to default successfully', data };
  }

  @Endpoint(endpoints.footer)
  async footer(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ResponseOf<typeof endpoints.footer>> {
    const served = await this.content.served('footer');
    revalidated(request, reply, served.etag);
    return {
      success: true,
      data: served.settings,
      message: 'Footer settings retrieved successfully',
    };
  }

  @Endpoint(endpoints.footerUpdate)
  async footerUpdate(
    @CurrentUser() admin: AuthContext,
    @ValidBody() body: z.output<typeof footerBodySchema>,
  ): Promise<ResponseOf<typeof endpoints.footerUpdate>> {
    const data = await this.content.save(admin, 'footer', body);
    return { success: true, message: 'Footer updated successfully', data };
  }

  @Endpoint(endpoints.footerToggle)
  async footerToggle(
    @CurrentUser() admin: AuthContext,
  ): Promise<ResponseOf<typeof endpoints.footerToggle>> {
    const data = await this.content.toggle(admin, 'footer');
    return {
      success: true,
      message: `Footer ${data.isActive ? 'activated' : 'deactivated'} successfully`,
      data,
    };
  }

  @Endpoint(endpoints.footerReset)
  async footerReset(
    @CurrentUser() admin: AuthContext,
  ): Promise<ResponseOf<typeof endpoints.footerReset>> {
    const data = await this.content.reset(admin, 'footer');
    return { success: true, message: 'Footer reset to default successfully', data };
  }
}
