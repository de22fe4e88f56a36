import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module';
import { GeneratorModule } from '../generator/generator.module';
import { OrdersModule } from '../orders/orders.module';
import { SupportModule } from '../support/support.module';
import { UploadsModule } from '../uploads/uploads.module';
import { UsersModule } from '../users/users.module';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';

/**
 * A user's own account as a whole: "Download my data" and "Delete my account". It keeps nothing
 * of its own; each module it reads or clears does so through its service.
 */
@Module({
  imports: [
    UsersModule,
    OrdersModule,
    CreditsModule,
    GeneratorModule,
    SupportModule,
    UploadsModule,
  ],
  controllers: [AccountController],
  providers: [AccountService],
  exports: [AccountService],
})
export class AccountModule {}
