import { Body, Controller, Delete, Get, NotFoundException, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  adminItemSchema,
  deletedResponseSchema,
  itemBodySchema,
  itemListSchema,
  itemResponseSchema,
  objectIdSchema,
  type AdminItem,
  type DeletedResponse,
  type Item,
  type ItemBody,
  type ItemList,
} from '@coldmail/contracts';
import {
  AdminOnly,
  OptionalUser,
  Public,
  PublicWithOptionalUser,
  type AuthContext,
} from '../auth/auth-context';
import { openApiSchema } from '../common/openapi';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import { ItemsService, toPublicItem } from './items.service';

@ApiTags('items')
@Controller()
export class ItemsController {
  constructor(private readonly items: ItemsService) {}

  /** Public; the access URLs only for an admin's token (the admin screen edits them). */
  @Get('api/items')
  @PublicWithOptionalUser()
  @ApiOkResponse({ schema: openApiSchema(itemListSchema) })
  async list(@OptionalUser() caller: AuthContext | null): Promise<ItemList> {
    const items = await this.items.list();
    return caller?.user?.userRole === 'Admin' ? items : items.map(toPublicItem);
  }

  @Get('item/:id')
  @Public()
  @ApiOkResponse({ schema: openApiSchema(itemResponseSchema) })
  async get(
    @Param('id', new ZodValidationPipe(objectIdSchema)) id: string,
  ): Promise<{ success: true; data: Item }> {
    const item = await this.items.findById(id);
    if (!item) throw new NotFoundException('Item not found');
    return { success: true, data: toPublicItem(item) };
  }

  /** 409 when the slug is taken. */
  @Post('api/items')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiBody({ schema: openApiSchema(itemBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchema(adminItemSchema) })
  create(@Body(new ZodValidationPipe(itemBodySchema)) body: ItemBody): Promise<AdminItem> {
    return this.items.create(body);
  }

  @Put('api/items/:id')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiBody({ schema: openApiSchema(itemBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchema(adminItemSchema) })
  update(
    @Param('id', new ZodValidationPipe(objectIdSchema)) id: string,
    @Body(new ZodValidationPipe(itemBodySchema)) body: ItemBody,
  ): Promise<AdminItem> {
    return this.items.update(id, body);
  }

  @Delete('api/items/:id')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOkResponse({ schema: openApiSchema(deletedResponseSchema) })
  async delete(
    @Param('id', new ZodValidationPipe(objectIdSchema)) id: string,
  ): Promise<DeletedResponse> {
    await this.items.delete(id);
    return { success: true, message: 'Item deleted successfully' };
  }
}
