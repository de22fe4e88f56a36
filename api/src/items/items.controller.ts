import { Controller, NotFoundException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  contract,
  type ResponseOf,
  type ParsedBodyOf,
  type ParsedParamsOf,
  type PaypalCurrency,
} from '@coldmail/contracts';
import { AuditService } from '../audit/audit.service';
import { CurrentUser, OptionalUser, type AuthContext } from '../auth/auth-context';
import { withoutEchoedFields } from '../common/echoed-record';
import { Endpoint, ValidBody, ValidParams } from '../common/endpoint';
import { StoreCurrency } from '../packages/store-currency';
import { ItemsService, toPublicItem } from './items.service';

const endpoints = contract.items;

@ApiTags('items')
@Controller()
export class ItemsController {
  constructor(
    private readonly items: ItemsService,
    private readonly currency: StoreCurrency,
    private readonly audit: AuditService,
  ) {}

  /** An item with the currency its price is in (the store's). */
  private async priced<Item extends object>(
    item: Item,
  ): Promise<Item & { currency: PaypalCurrency }> {
    return { ...item, currency: await this.currency.catalogue() };
  }

  /** Public; the access URLs only for an admin's token (the admin screen edits them). */
  @Endpoint(endpoints.list)
  async list(
    @OptionalUser() caller: AuthContext | null,
  ): Promise<ResponseOf<typeof endpoints.list>> {
    const [items, currency] = await Promise.all([this.items.list(), this.currency.catalogue()]);
    const shown = caller?.user?.userRole === 'Admin' ? items : items.map(toPublicItem);
    return shown.map((item) => ({ ...item, currency }));
  }

  @Endpoint(endpoints.get)
  async get(
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.get>,
  ): Promise<ResponseOf<typeof endpoints.get>> {
    const item = await this.items.findById(id);
    if (!item) throw new NotFoundException('Item not found');
    return { success: true, data: await this.priced(toPublicItem(item)) };
  }

  /** 409 when the slug is taken. */
  @Endpoint(endpoints.create)
  async create(
    @CurrentUser() admin: AuthContext,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.create>,
  ): Promise<ResponseOf<typeof endpoints.create>> {
    const created = await this.items.create(withoutEchoedFields(body, endpoints.create.body));
    await this.audit.record(admin, {
      action: 'item.create',
      target: { kind: 'item', id: created._id, label: created.name },
      after: created,
    });
    return this.priced(created);
  }

  @Endpoint(endpoints.update)
  async update(
    @CurrentUser() admin: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.update>,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.update>,
  ): Promise<ResponseOf<typeof endpoints.update>> {
    const before = await this.items.findById(id);
    const updated = await this.items.update(
      id,
      withoutEchoedFields(body, endpoints.update.body, id),
    );
    await this.audit.record(admin, {
      action: 'item.update',
      target: { kind: 'item', id, label: updated.name },
      before,
      after: updated,
    });
    return this.priced(updated);
  }

  @Endpoint(endpoints.delete)
  async delete(
    @CurrentUser() admin: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.delete>,
  ): Promise<ResponseOf<typeof endpoints.delete>> {
    const before = await this.items.findById(id);
    if (!before) throw new NotFoundException('Item not found');
    await this.items.delete(id);
    await this.audit.record(admin, {
      action: 'item.delete',
      target: { kind: 'item', id, label: before.name },
      before,
    });
    return { success: true, message: 'Item deleted successfully' };
  }
}
