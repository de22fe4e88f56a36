import { Controller, NotFoundException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { contract, type IdParam, type ItemBody, type ResponseOf } from '@coldmail/contracts';
import { OptionalUser, type AuthContext } from '../auth/auth-context';
import { Endpoint, ValidBody, ValidParams } from '../common/endpoint';
import { ItemsService, toPublicItem } from './items.service';

const endpoints = contract.items;

@ApiTags('items')
@Controller()
export class ItemsController {
  constructor(private readonly items: ItemsService) {}

  /** Public; the access URLs only for an admin's token (the admin screen edits them). */
  @Endpoint(endpoints.list)
  async list(
    @OptionalUser() caller: AuthContext | null,
  ): Promise<ResponseOf<typeof endpoints.list>> {
    const items = await this.items.list();
    return caller?.user?.userRole === 'Admin' ? items : items.map(toPublicItem);
  }

  @Endpoint(endpoints.get)
  async get(@ValidParams() { id }: IdParam): Promise<ResponseOf<typeof endpoints.get>> {
    const item = await this.items.findById(id);
    if (!item) throw new NotFoundException('Item not found');
    return { success: true, data: toPublicItem(item) };
  }

  /** 409 when the slug is taken. */
  @Endpoint(endpoints.create)
  create(@ValidBody() body: ItemBody): Promise<ResponseOf<typeof endpoints.create>> {
    return this.items.create(body);
  }

  @Endpoint(endpoints.update)
  update(
    @ValidParams() { id }: IdParam,
    @ValidBody() body: ItemBody,
  ): Promise<ResponseOf<typeof endpoints.update>> {
    return this.items.update(id, body);
  }

  @Endpoint(endpoints.delete)
  async delete(@ValidParams() { id }: IdParam): Promise<ResponseOf<typeof endpoints.delete>> {
    await this.items.delete(id);
    return { success: true, message: 'Item deleted successfully' };
  }
}
