import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ItemsModule } from '../items/items.module';
import { PackagesModule } from '../packages/packages.module';
import { PromoCodesController } from './promo-codes.controller';
import { PromoCodesService } from './promo-codes.service';
import { PromoCode, PromoCodeSchema } from './schemas/promo-code.schema';
import { PromoRedemption, PromoRedemptionSchema } from './schemas/promo-redemption.schema';

/**
 * Promo codes: the admin's codes (audited), the buyer's quote at checkout, and the uses orders
 * reserve when they are placed with a code (the orders module reserves and releases them).
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: PromoCode.name, schema: PromoCodeSchema },
      { name: PromoRedemption.name, schema: PromoRedemptionSchema },
    ]),
    PackagesModule,
    ItemsModule,
  ],
  controllers: [PromoCodesController],
  providers: [PromoCodesService],
  exports: [PromoCodesService],
})
export class PromoCodesModule {}
