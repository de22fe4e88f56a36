import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ItemsModule } from '../items/items.module';
import { PackagesModule } from '../packages/packages.module';
import { UsersModule } from '../users/users.module';
import { ItemOrdersController } from './item-orders.controller';
import { ItemOrdersService } from './item-orders.service';
import { OrderOwnersMigration } from './order-owners.migration';
import { PackageOrdersController } from './package-orders.controller';
import { PackageOrdersService } from './package-orders.service';
import { ItemOrder, ItemOrderSchema } from './schemas/item-order.schema';

import { PackageOrder, PackageOrderSchema } from './schemas/package-order.schema';

/** Package orders and item orders: two collections, the same rules (PayableOrdersService). */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: PackageOrder.name, schema: PackageOrderSchema },
      { name: ItemOrder.name, schema: ItemOrderSchema },
    ]),
    PackagesModule,
    ItemsModule,
    UsersModule,
  ],
  controllers: [PackageOrdersController, ItemOrdersController],
  providers: [PackageOrdersService, ItemOrdersService, OrderOwnersMigration],
  exports: [PackageOrdersService, ItemOrdersService],
})
export class OrdersModule {}
