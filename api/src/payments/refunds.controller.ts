import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { contract, type ResponseOf, type ParsedParamsOf } from '@coldmail/contracts';
import { CurrentUser, type AuthContext } from '../auth/auth-context';
import { Endpoint, ValidParams } from '../common/endpoint';
import { toItemOrderRecord, toPackageOrderRecord } from '../orders/order-records';
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
    const order = await this.refunds.refund(admin, 'package', id);
    return toPackageOrderRecord(order);
  }

  /** Admin: a full refund at PayPal; the buyer loses the access link. */
  @Endpoint(contract.itemOrders.refund)
  async refundItemOrder(
    @CurrentUser() admin: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof contract.itemOrders.refund>,
  ): Promise<ResponseOf<typeof contract.itemOrders.refund>> {
    const order = await this.refunds.refund(admin, 'item', id);
    return toItemOrderRecord(order, admin);
  }
}
