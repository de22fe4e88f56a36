import { Controller, Req, Res, type Type } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  contract,
  editedBlockPaths,
  editedBlockSchemas,
  type EditedBlockName,
  type EditedBlockSettings,
  type Endpoint as ContractEndpoint,
} from '@coldmail/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, type AuthContext } from '../auth/auth-context';
import { Endpoint, ValidBody } from '../common/endpoint';
import { ContentService } from './content.service';

/** What every handler of a block answers: the block as stored now. */
interface BlockAnswer<Name extends EditedBlockName> {
  success: true;
  message: string;
  data: EditedBlockSettings<Name>;
}

/**
 * Public reads carry an ETag and must be revalidated (browsers and CDNs keep them, then ask
 * "still this?" and get a bodiless 304 until an admin saves).
 */
export function revalidated(request: FastifyRequest, reply: FastifyReply, etag: string): void {
  void reply.header('etag', etag).header('cache-control', 'public, max-age=0, must-revalidate');
  if (request.headers['if-none-match'] === etag) void reply.status(304);
}

const endpointOf = (key: string): ContractEndpoint =>
  (contract.content as Record<string, ContractEndpoint>)[key] as ContractEndpoint;

/**
 * The handlers of one landing block or legal page, from its contract entries (`banner`, `bannerUpdate`,
 * `bannerToggle`, `bannerReset`, and `aboutResetApi` where the spec resets elsewhere): read
 * (with its ETag), save, show or hide, and restore the defaults.
 */
export function landingBlockController<Name extends EditedBlockName>(name: Name): Type<unknown> {
  const { messages } = editedBlockSchemas[name];

  @ApiTags('content')
  @Controller()
  class LandingBlockController {
    constructor(readonly content: ContentService) {}

    @Endpoint(endpointOf(name))
    async read(
      @Req() request: FastifyRequest,
      @Res({ passthrough: true }) reply: FastifyReply,
    ): Promise<BlockAnswer<Name>> {
      const served = await this.content.served(name);
      revalidated(request, reply, served.etag);
      return { success: true, message: messages.read, data: served.settings };
    }

    @Endpoint(endpointOf(`${name}Update`))
    async update(
      @CurrentUser() admin: AuthContext,
      @ValidBody() body: Partial<EditedBlockSettings<Name>>,
    ): Promise<BlockAnswer<Name>> {
      const data = await this.content.save(admin, name, body);
      return { success: true, message: messages.updated, data };
    }

    @Endpoint(endpointOf(`${name}Toggle`))
    async toggle(@CurrentUser() admin: AuthContext): Promise<BlockAnswer<Name>> {
      const data = await this.content.toggle(admin, name);
      const state = data.isActive ? 'activated' : 'deactivated';
      return { success: true, message: `${messages.toggled} ${state} successfully`, data };
    }

    @Endpoint(endpointOf(`${name}Reset`))
    async reset(@CurrentUser() admin: AuthContext): Promise<BlockAnswer<Name>> {
      const data = await this.content.reset(admin, name);
      return { success: true, message: messages.reset, data };
    }
  }

  // The spec's client resets this block outside /api: the /api path answers too, through a
  // handler of its own (Nest keeps a route's metadata on the handler function).
  if ('specResetPath' in editedBlockPaths[name]) {
    const alsoAt = 'resetAtApiPath';
    const prototype = LandingBlockController.prototype;
    Object.defineProperty(prototype, alsoAt, {
      value: function resetAtApiPath(this: LandingBlockController, admin: AuthContext) {
        return this.reset(admin);
      },
      writable: true,
      configurable: true,
    });
    CurrentUser()(prototype, alsoAt, 0);
    Endpoint(endpointOf(`${name}ResetApi`))(
      prototype,
      alsoAt,
      Object.getOwnPropertyDescriptor(prototype, alsoAt) as PropertyDescriptor,
    );
  }
  // Nest names a controller by its class in logs and errors.
  Object.defineProperty(LandingBlockController, 'name', {
    value: `${name.charAt(0).toUpperCase()}${name.slice(1)}BlockController`,
  });
  return LandingBlockController;
}
