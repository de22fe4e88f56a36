import { Controller, Req, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
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
import { csvDownload, type CsvColumn } from '../common/csv-export';
import { networkOf } from '../common/throttling';
import { orderColumns } from './order-export';
import { auditKindOf, type OrderKind, type OrderOfKind } from './order-kinds';
import { toItemOrderRecord, toPackageOrderRecord } from './order-records';
import { OrdersService } from './orders.service';

const packageOrders = contract.packageOrders;
const itemOrders = contract.itemOrders;

/** What the back office's export of each kind is called, and its own columns. */
const csvExports: { [K in OrderKind]: { file: string; columns: CsvColumn<OrderOfKind<K>>[] } } = {
  package: {
    file: 'package-orders',
    columns: orderColumns('Package', [
      { header: 'Credits', value: (order: OrderOfKind<'package'>) => order.credit },
    ]),
  },
  item: {
    file: 'item-orders',
    columns: orderColumns('Item', [
      { header: 'Item slug', value: (order: OrderOfKind<'item'>) => order.slug },
    ]),
  },
};

/**
 * The spec's two sets of order routes, package orders (`/order...`) and item orders
 * (`/item-order...`), over the one order store: each route is its kind's view of it.
 */
@ApiTags('orders')
@Controller()
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly audit: AuditService,
  ) {}

  /** 403 'Sellers cannot purchase products' for Sellers; prices come from the stored package. */
  @Endpoint(packageOrders.create)
  async createPackageOrder(
    @CurrentUser() caller: AuthContext,
    @ValidBody() body: ParsedBodyOf<typeof packageOrders.create>,
    @Req() request: FastifyRequest,
  ): Promise<ResponseOf<typeof packageOrders.create>> {
    const order = await this.orders.creation.packageOrder(caller, body, networkOf(request));
    return toPackageOrderRecord(order);
  }

  /** The same for an item, priced from the stored item. */
  @Endpoint(itemOrders.create)
  async createItemOrder(
    @CurrentUser() caller: AuthContext,
    @ValidBody() body: ParsedBodyOf<typeof itemOrders.create>,
    @Req() request: FastifyRequest,
  ): Promise<ResponseOf<typeof itemOrders.create>> {
    const order = await this.orders.creation.itemOrder(caller, body, networkOf(request));
    return toItemOrderRecord(order, caller);
  }

  @Endpoint(packageOrders.list)
  async listPackageOrders(
    @CurrentUser() caller: AuthContext,
    @ValidQuery() query: ParsedQueryOf<typeof packageOrders.list>,
  ): Promise<ResponseOf<typeof packageOrders.list>> {
    const orders = await this.orders.listFor('package', caller, query.userEmail);
    return orders.map(toPackageOrderRecord);
  }

  @Endpoint(itemOrders.list)
  async listItemOrders(
    @CurrentUser() caller: AuthContext,
    @ValidQuery() query: ParsedQueryOf<typeof itemOrders.list>,
  ): Promise<ResponseOf<typeof itemOrders.list>> {
    const orders = await this.orders.listFor('item', caller, query.userEmail);
    return orders.map((order) => toItemOrderRecord(order, caller));
  }

  /** Its buyer or an admin; 404 for anyone else, and for an item order's id. */
  @Endpoint(packageOrders.get)
  async getPackageOrder(
    @CurrentUser() caller: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof packageOrders.get>,
  ): Promise<ResponseOf<typeof packageOrders.get>> {
    return toPackageOrderRecord(await this.orders.findVisible('package', id, caller));
  }

  /** Its buyer or an admin; 404 for anyone else. accessUrl only once paid. */
  @Endpoint(itemOrders.get)
  async getItemOrder(
    @CurrentUser() caller: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof itemOrders.get>,
  ): Promise<ResponseOf<typeof itemOrders.get>> {
    return toItemOrderRecord(await this.orders.findVisible('item', id, caller), caller);
  }

  /** Whether the item order has been paid (a verified capture); its buyer or an admin. */
  @Endpoint(itemOrders.verify)
  async verifyItemOrder(
    @CurrentUser() caller: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof itemOrders.verify>,
  ): Promise<ResponseOf<typeof itemOrders.verify>> {
    const order = await this.orders.findVisible('item', id, caller);
    return {
      success: true,
      verified: order.paymentStatus === 'Paid' && Boolean(order.paypalTransactionID),
      paymentStatus: order.paymentStatus,
      orderStatus: order.orderStatus,
    };
  }

  /**
   * The back office's orders table: searched, sorted and paged here, not in the browser; with
   * `format=csv`, every order it selects as a download.
   */
  @Endpoint(packageOrders.adminList)
  async adminListPackageOrders(
    @ValidQuery() query: ParsedQueryOf<typeof packageOrders.adminList>,
  ): Promise<ResponseOf<typeof packageOrders.adminList> | StreamableFile> {
    if (query.format === 'csv') return this.exportOf('package', query);
    const page = await this.orders.adminPage('package', query);
    return { ...page, items: page.items.map(toPackageOrderRecord) };
  }

  /** The item orders table, as the package orders one. */
  @Endpoint(itemOrders.adminList)
  async adminListItemOrders(
    @CurrentUser() admin: AuthContext,
    @ValidQuery() query: ParsedQueryOf<typeof itemOrders.adminList>,
  ): Promise<ResponseOf<typeof itemOrders.adminList> | StreamableFile> {
    if (query.format === 'csv') return this.exportOf('item', query);
    const page = await this.orders.adminPage('item', query);
    return { ...page, items: page.items.map((order) => toItemOrderRecord(order, admin)) };
  }

  /** Pending orders only; a paid one is a 409. */
  @Endpoint(packageOrders.delete)
  deletePackageOrder(
    @CurrentUser() admin: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof packageOrders.delete>,
  ): Promise<ResponseOf<typeof packageOrders.delete>> {
    return this.deletePending('package', admin, id);
  }

  /** Pending orders only; a paid one is a 409. */
  @Endpoint(itemOrders.delete)
  deleteItemOrder(
    @CurrentUser() admin: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof itemOrders.delete>,
  ): Promise<ResponseOf<typeof itemOrders.delete>> {
    return this.deletePending('item', admin, id);
  }

  private exportOf<K extends OrderKind>(
    kind: K,
    query: ParsedQueryOf<typeof packageOrders.adminList>,
  ): StreamableFile {
    const { file, columns } = csvExports[kind] as (typeof csvExports)[K];
    return csvDownload(file, columns, this.orders.adminRows(kind, query));
  }

  private async deletePending(kind: OrderKind, admin: AuthContext, id: string) {
    const before = await this.orders.findOfKind(kind, id);
    await this.orders.deletePending(kind, id);
    await this.audit.record(admin, {
      action: `${auditKindOf(kind)}.delete`,
      target: { kind: auditKindOf(kind), id, label: before?.orderId ?? null },
      before: before && {
        orderId: before.orderId,
        customerEmail: before.customerEmail,
        packageName: before.packageName,
        totalPrice: before.totalPrice,
        paymentStatus: before.paymentStatus,
      },
    });
    return { success: true, message: 'Order deleted successfully!' } as const;
  }
}
