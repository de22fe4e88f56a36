import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  paymentStatus,
  type NewOrderBody,
  type PackageOrder as PackageOrderRecord,
} from '@coldmail/contracts';
import type { Model } from 'mongoose';
import type { AuthContext } from '../auth/auth-context';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import { PackagesService } from '../packages/packages.service';
import { membershipValidity } from './order-dates';
import { PayableOrdersService } from './payable-orders.service';
import { StoreCurrency } from '../packages/store-currency';
import { PackageOrder, PackageOrderData } from './schemas/package-order.schema';
import type { PayableOrder } from './schemas/payable-order.schema';

/** Orders for credit packages. */
@Injectable()
export class PackageOrdersService extends PayableOrdersService<PackageOrderData> {
  constructor(
    @InjectModel(PackageOrder.name) private readonly orders: Model<PackageOrder>,
    private readonly packages: PackagesService,
    storeCurrency: StoreCurrency,
    @InjectConfig() config: AppConfig,
  ) {
    super(orders as unknown as Model<PayableOrder>, storeCurrency, config);
  }

  /**
   * A pending order for a package, priced from the stored package: the client chooses the
   * package and types the billing details, nothing else.
   */
  async create(caller: AuthContext, body: NewOrderBody): Promise<PackageOrderData> {
    this.assertMayPurchase(caller);
    const creditPackage = await this.packages.findById(body.packageId);
    if (!creditPackage) throw new NotFoundException('Package not found');
    return this.insertPending(caller, body, creditPackage.price, {
      packageId: creditPackage._id,
      packageName: creditPackage.packageName,
      credit: creditPackage.credit,
      Validity: creditPackage.validity,
      ...(creditPackage.icon ? { featuredImage: creditPackage.icon } : {}),
    });
  }

  protected paidFields(order: PackageOrderData): Record<string, unknown> {
    return { MembershipValidity: membershipValidity(order.createdAt, order.Validity) };
  }

  /** Second step of fulfilment, after the buyer's balance has been credited. */
  async markCreditApplied(id: PackageOrderData['_id']): Promise<void> {
    await this.orders.updateOne({ _id: id }, { $set: { creditApplied: true } });
  }

  /** Paid orders whose credits may not be in the buyer's balance yet (see creditApplied). */
  async findPaidNotCredited(): Promise<PackageOrderData[]> {
    return this.orders
      .find({ paymentStatus: paymentStatus.paid, creditApplied: false })
      .lean<PackageOrderData[]>();
  }
}

/** The API's shape of a package order: the spec's fields, nothing internal. */
export function toPackageOrderRecord(order: PackageOrderData): PackageOrderRecord {
  return {
    _id: order._id.toHexString(),
    orderId: order.orderId,
    paymentId: order.paymentId,
    packageId: order.packageId.toHexString(),
    packageName: order.packageName,
    credit: order.credit,
    packagePrice: order.packagePrice,
    processingFee: order.processingFee,
    totalPrice: order.totalPrice,
    Validity: order.Validity,
    paymentStatus: order.paymentStatus,
    orderStatus: order.orderStatus,
    ...(order.paymentMethod ? { paymentMethod: order.paymentMethod } : {}),
    customerEmail: order.customerEmail,
    customerName: order.customerName,
    address: order.address,
    country: order.country,
    orderDate: order.orderDate,
    currency: order.currency ?? 'USD',
    ...(order.featuredImage ? { featuredImage: order.featuredImage } : {}),
    ...(order.MembershipValidity
      ? { MembershipValidity: order.MembershipValidity.toISOString() }
      : {}),
    ...(order.paypalTransactionID ? { paypalTransactionID: order.paypalTransactionID } : {}),
    ...(order.payerEmail ? { payerEmail: order.payerEmail } : {}),
    ...(order.captureTime ? { captureTime: order.captureTime } : {}),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}
