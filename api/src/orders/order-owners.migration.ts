import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { UsersService } from '../users/users.service';
import { ItemOrdersService } from './item-orders.service';
import { PackageOrdersService } from './package-orders.service';

/**
 * Orders placed before they carried their buyer's record id get it once, at start-up, before
 * anything (payment recovery included) reads who owns them. Idempotent, and safe when several
 * instances start together: only orders without an owner are touched.
 */
@Injectable()
export class OrderOwnersMigration implements OnModuleInit {
  private readonly logger = new Logger(OrderOwnersMigration.name);

  constructor(
    private readonly users: UsersService,
    private readonly packageOrders: PackageOrdersService,
    private readonly itemOrders: ItemOrdersService,
  ) {}

  async onModuleInit(): Promise<void> {
    const recordOf = (email: string) => this.users.idOfEmail(email);
    const adopted =
      (await this.packageOrders.adoptOwners(recordOf)) +
      (await this.itemOrders.adoptOwners(recordOf));
    if (adopted > 0) this.logger.log(`${adopted} order(s) now owned by their buyer's record`);
  }
}
