import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { User, UserSchema } from '../users/schemas/user.schema';
import { CreditLedger } from './credit-ledger';
import { CreditsController } from './credits.controller';
import { CreditsService } from './credits.service';
import { CreditEntry, CreditEntrySchema } from './schemas/credit-entry.schema';
import { TrialGrant, TrialGrantSchema } from './schemas/trial-grant.schema';
import { TrialCredits } from './trial-credits';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: CreditEntry.name, schema: CreditEntrySchema },
      { name: TrialGrant.name, schema: TrialGrantSchema },
      // The same model the users module registers: the ledger owns its balance fields.
      { name: User.name, schema: UserSchema },
    ]),
  ],
  controllers: [CreditsController],
  providers: [CreditLedger, CreditsService, TrialCredits],
  exports: [CreditsService, TrialCredits],
})
export class CreditsModule {}
