import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { InvoicesModule } from '../invoices/invoices.module';
import { ItemsModule } from '../items/items.module';
import { PackagesModule } from '../packages/packages.module';
import { PromoCodesModule } from '../promo-codes/promo-codes.module';
import { UsersModule } from '../users/users.module';
import { OrderOwnersMigration } from './order-owners.migration';
import { OrdersController } from './orders.controller';
import { OrdersService } from './orders.service';
import { ItemOrderSchema } from './schemas/item-order.schema';
import { Order, OrderSchema } from './schemas/order.schema';
import { PackageOrderSchema } from './schemas/package-order.schema';

/** Orders of both kinds, one collection: `kind` says whether a package or an item was bought. */
@Module({
  imports: [
    MongooseModule.forFeature([
      {
        name: Order.name,
        schema: OrderSchema,
        discriminators: [
          { name: 'PackageOrder', schema: PackageOrderSchema, value: 'package' },
          { name: 'ItemOrder', schema: ItemOrderSchema, value: 'item' },
        ],
      },
    ]),
    PackagesModule,
    ItemsModule,
    PromoCodesModule,
    InvoicesModule,
    UsersModule,
  ],
  controllers: [OrdersController],
  providers: [OrdersService, OrderOwnersMigration],
  exports: [OrdersService, MongooseModule],
})
export class OrdersModule {}
