import { Controller, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  contract,
  type ResponseOf,
  type ParsedBodyOf,
  type ParsedQueryOf,
  type ParsedParamsOf,
} from '@coldmail/contracts';

import { AuditService } from '../audit/audit.service';
import { CurrentUser, type AuthContext } from '../auth/auth-context';
import { Endpoint, ValidBody, ValidParams, ValidQuery } from '../common/endpoint';
import { csvDownload } from '../common/csv-export';
import { orderColumns } from './order-export';
import { ItemOrderData } from './schemas/item-order.schema';
import { ItemOrdersService, toItemOrderRecord } from './item-orders.service';

const endpoints = contract.itemOrders;

@ApiTags('item orders')
@Controller()
export class ItemOrdersController {
  constructor(
    private readonly orders: ItemOrdersService,
    private readonly audit: AuditService,
  ) {}

  /** 403 'Sellers cannot purchase products' for Sellers; prices come from the stored item. */
  @Endpoint(endpoints.create)
  async create(
    @CurrentUser() caller: AuthContext,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.create>,
  ): Promise<ResponseOf<typeof endpoints.create>> {
    return toItemOrderRecord(await this.orders.create(caller, body), caller);
  }

  @Endpoint(endpoints.list)
  async list(
    @CurrentUser() caller: AuthContext,
    @ValidQuery() query: ParsedQueryOf<typeof endpoints.list>,
  ): Promise<ResponseOf<typeof endpoints.list>> {
    const orders = await this.orders.listFor(caller, query.userEmail);
    return orders.map((order) => toItemOrderRecord(order, caller));
  }

  /**
   * The back office's item orders table: searched, sorted and paged here; with `format=csv`,
   * every order it selects as a download.
   */
  @Endpoint(endpoints.adminList)
  async adminList(
    @CurrentUser() admin: AuthContext,
    @ValidQuery() query: ParsedQueryOf<typeof endpoints.adminList>,
  ): Promise<ResponseOf<typeof endpoints.adminList> | StreamableFile> {
    if (query.format === 'csv') {
      return csvDownload(
        'item-orders',
        orderColumns<ItemOrderData>('Item', [
          { header: 'Item slug', value: (order) => order.slug },
        ]),
        this.orders.adminRows(query),
      );
    }
    const page = await this.orders.adminPage(query);
    return { ...page, items: page.items.map((order) => toItemOrderRecord(order, admin)) };
  }

  /** Its buyer or an admin; 404 for anyone else. accessUrl only once paid. */
  @Endpoint(endpoints.get)
  async get(
    @CurrentUser() caller: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.get>,
  ): Promise<ResponseOf<typeof endpoints.get>> {
    return toItemOrderRecord(await this.orders.findVisible(id, caller), caller);
  }

  /** Whether the item order has been paid (a verified capture); its buyer or an admin. */
  @Endpoint(endpoints.verify)
  async verify(
    @CurrentUser() caller: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.verify>,
  ): Promise<ResponseOf<typeof endpoints.verify>> {
    const order = await this.orders.findVisible(id, caller);
    return {
      success: true,
      verified: order.paymentStatus === 'Paid' && Boolean(order.paypalTransactionID),
      paymentStatus: order.paymentStatus,
      orderStatus: order.orderStatus,
    };
  }

  /** Pending orders only; a paid one is a 409. */
  @Endpoint(endpoints.delete)
  async delete(
    @CurrentUser() admin: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.delete>,
  ): Promise<ResponseOf<typeof endpoints.delete>> {
    const before = await this.orders.findById(id);
    await this.orders.deletePending(id);
    await this.audit.record(admin, {
      action: 'item-order.delete',
      target: { kind: 'item-order', id, label: before?.orderId ?? null },
      before: before && {
        orderId: before.orderId,
        customerEmail: before.customerEmail,
        packageName: before.packageName,
        totalPrice: before.totalPrice,
        paymentStatus: before.paymentStatus,
      },
    });
    return { success: true, message: 'Order deleted successfully!' };
  }
}
