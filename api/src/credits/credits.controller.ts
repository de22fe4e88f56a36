import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { contract, type ResponseOf, type ParsedQueryOf } from '@coldmail/contracts';
import { CurrentUser, type AuthContext } from '../auth/auth-context';
import { Endpoint, ValidQuery } from '../common/endpoint';
import { CreditsService } from './credits.service';

const endpoints = contract.credits;

@ApiTags('credits')
@Controller()
export class CreditsController {
  constructor(private readonly credits: CreditsService) {}

  /** 403 when a non-admin names another user. */
  @Endpoint(endpoints.history)
  history(
    @CurrentUser() caller: AuthContext,
    @ValidQuery() query: ParsedQueryOf<typeof endpoints.history>,
  ): Promise<ResponseOf<typeof endpoints.history>> {
    return this.credits.history(caller, query);
  }
}
