import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PackagesController } from './packages.controller';
import { PackagesService } from './packages.service';
import { CreditPackage, CreditPackageSchema } from './schemas/package.schema';
import { StoreCurrency } from './store-currency';
import {
  PaypalSettingsRecord,
  PaypalSettingsSchema,
} from '../payments/schemas/paypal-settings.schema';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: CreditPackage.name, schema: CreditPackageSchema },
      // Read here for the store's currency only (StoreCurrency); the payments module writes it.
      { name: PaypalSettingsRecord.name, schema: PaypalSettingsSchema },
    ]),
  ],
  controllers: [PackagesController],
  providers: [PackagesService, StoreCurrency],
  exports: [PackagesService, StoreCurrency],
})
export class PackagesModule {}
