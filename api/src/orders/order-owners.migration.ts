import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Migrations } from '../database/migrations';
import { UsersService } from '../users/users.service';
import { adoptOrderKinds } from './order-kinds.migration';
import { adoptOwners } from './order-migrations';
import { Order } from './schemas/order.schema';

/**
 * Orders placed before they carried their buyer's record id get it, once for the database, at
 * start-up, before anything (payment recovery included) reads who owns them: from the record that
 * has shown it owns their address (UsersService.verifiedOwnerOfEmail), never one an unverified
 * account made. Orders with no such record are left without an owner (an admin still sees them)
 * and counted in the log. Safe when several instances start together: only orders without an
 * owner are touched.
 */
@Injectable()
export class OrderOwnersMigration implements OnModuleInit {
  private readonly logger = new Logger(OrderOwnersMigration.name);

  constructor(
    private readonly users: UsersService,
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly migrations: Migrations,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.migrations.runOnce('order-owners', async () => {
      const recordOf = (email: string) => this.users.addresses.verifiedOwnerOfEmail(email);
      // Item orders kept apart then are among them (start-up hooks run side by side).
      await adoptOrderKinds(this.orders);
      const adopted = await adoptOwners(this.orders, recordOf);
      if (adopted > 0) this.logger.log(`${adopted} order(s) now owned by their buyer's record`);
    });
  }
}
