import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { contract, type ResponseOf, type ParsedParamsOf } from '@coldmail/contracts';
import { CurrentUser, type AuthContext } from '../auth/auth-context';
import { Endpoint, ValidParams } from '../common/endpoint';
import { toItemOrderRecord } from '../orders/item-orders.service';
import { toPackageOrderRecord } from '../orders/package-orders.service';
import type { ItemOrderData } from '../orders/schemas/item-order.schema';
import type { PackageOrderData } from '../orders/schemas/package-order.schema';
import { RefundsService } from './refunds.service';

/** Admins' full refunds of paid orders through PayPal. */
@ApiTags('orders')
@Controller()
export class RefundsController {
  constructor(private readonly refunds: RefundsService) {}

  /** Admin: a full refund at PayPal; the credits go back through the ledger. */
  @Endpoint(contract.packageOrders.refund)
  async refundPackageOrder(
    @CurrentUser() admin: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof contract.packageOrders.refund>,
  ): Promise<ResponseOf<typeof contract.packageOrders.refund>> {
    const order = await this.refunds.refund<PackageOrderData>(admin, 'package', id);
    return toPackageOrderRecord(order);
  }

  /** Admin: a full refund at PayPal; the buyer loses the access link. */
  @Endpoint(contract.itemOrders.refund)
  async refundItemOrder(
    @CurrentUser() admin: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof contract.itemOrders.refund>,
  ): Promise<ResponseOf<typeof contract.itemOrders.refund>> {
    const order = await this.refunds.refund<ItemOrderData>(admin, 'item', id);
    return toItemOrderRecord(order, admin);
  }
}
