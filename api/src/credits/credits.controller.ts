import { Controller, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  contract,
  type CreditHistoryEntry,
  type ParsedQueryOf,
  type ResponseOf,
} from '@coldmail/contracts';
import { csvDownload } from '../common/csv-export';
import { CurrentUser, type AuthContext } from '../auth/auth-context';
import { Endpoint, ValidQuery } from '../common/endpoint';
import { CreditsService } from './credits.service';
import { TrialCredits } from './trial-credits';

const endpoints = contract.credits;

@ApiTags('credits')
@Controller()
export class CreditsController {
  constructor(
    private readonly credits: CreditsService,
    private readonly trials: TrialCredits,
  ) {}

  @Endpoint(endpoints.trialOffer)
  trialOffer(): ResponseOf<typeof endpoints.trialOffer> {
    return { credits: this.trials.offer };
  }

  /**
   * 403 when a non-admin names another user. With `format=csv`, the whole history as a
   * download.
   */
  @Endpoint(endpoints.history)
  async history(
    @CurrentUser() caller: AuthContext,
    @ValidQuery() query: ParsedQueryOf<typeof endpoints.history>,
  ): Promise<ResponseOf<typeof endpoints.history> | StreamableFile> {
    if (query.format === 'csv') {
      return csvDownload<CreditHistoryEntry>(
        'credit-history',
        [
          { header: 'Date', value: (entry) => entry.date },
          { header: 'Change', value: (entry) => entry.delta },
          { header: 'Reason', value: (entry) => entry.reason },
          { header: 'Reference', value: (entry) => entry.reference },
          { header: 'Balance after', value: (entry) => entry.balanceAfter },
          { header: 'Not recovered', value: (entry) => entry.shortfall },
          { header: 'Adjusted by', value: (entry) => entry.adjustment?.by },
        ],
        this.credits.historyRows(caller, query),
      );
    }
    return this.credits.history(caller, query);
  }
}
