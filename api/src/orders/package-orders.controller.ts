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
import { PackageOrderData } from './schemas/package-order.schema';
import { PackageOrdersService, toPackageOrderRecord } from './package-orders.service';

const endpoints = contract.packageOrders;

@ApiTags('orders')
@Controller()
export class PackageOrdersController {
  constructor(
    private readonly orders: PackageOrdersService,
    private readonly audit: AuditService,
  ) {}

  /** 403 'Sellers cannot purchase products' for Sellers; prices come from the stored package. */
  @Endpoint(endpoints.create)
  async create(
    @CurrentUser() caller: AuthContext,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.create>,
  ): Promise<ResponseOf<typeof endpoints.create>> {
    return toPackageOrderRecord(await this.orders.create(caller, body));
  }

  @Endpoint(endpoints.list)
  async list(
    @CurrentUser() caller: AuthContext,
    @ValidQuery() query: ParsedQueryOf<typeof endpoints.list>,
  ): Promise<ResponseOf<typeof endpoints.list>> {
    const orders = await this.orders.listFor(caller, query.userEmail);
    return orders.map(toPackageOrderRecord);
  }

  /** Its buyer or an admin; 404 for anyone else. */
  @Endpoint(endpoints.get)
  async get(
    @CurrentUser() caller: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.get>,
  ): Promise<ResponseOf<typeof endpoints.get>> {
    return toPackageOrderRecord(await this.orders.findVisible(id, caller));
  }

  /**
   * The back office's orders table: searched, sorted and paged here, not in the browser; with
   * `format=csv`, every order it selects as a download.
   */
  @Endpoint(endpoints.adminList)
  async adminList(
    @ValidQuery() query: ParsedQueryOf<typeof endpoints.adminList>,
  ): Promise<ResponseOf<typeof endpoints.adminList> | StreamableFile> {
    if (query.format === 'csv') {
      return csvDownload(
        'package-orders',
        orderColumns<PackageOrderData>('Package', [
          { header: 'Credits', value: (order) => order.credit },
        ]),
        this.orders.adminRows(query),
      );
    }
    const page = await this.orders.adminPage(query);
    return { ...page, items: page.items.map(toPackageOrderRecord) };
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
      action: 'order.delete',
      target: { kind: 'order', id, label: before?.orderId ?? null },
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
