import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  contract,
  type ResponseOf,
  type ParsedBodyOf,
  type ParsedQueryOf,
  type ParsedParamsOf,
} from '@coldmail/contracts';

import { CurrentUser, OptionalUser, type AuthContext } from '../auth/auth-context';
import { withoutEchoedFields } from '../common/echoed-record';
import { Endpoint, ValidBody, ValidParams, ValidQuery } from '../common/endpoint';
import { SensitiveRoute } from '../common/throttling';
import { SupportService } from './support.service';

const endpoints = contract.support;

@ApiTags('support')
@Controller()
export class SupportController {
  constructor(private readonly support: SupportService) {}

  /**
   * Visitors (the contact form) and signed-in users; rate-limited per client IP (the throttler)
   * and per hour by account, or for a visitor by the address they give.
   */
  @Endpoint(endpoints.create)
  @SensitiveRoute()
  create(
    @OptionalUser() caller: AuthContext | null,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.create>,
  ): Promise<ResponseOf<typeof endpoints.create>> {
    return this.support.create(caller, body);
  }

  @Endpoint(endpoints.list)
  list(
    @CurrentUser() caller: AuthContext,
    @ValidQuery() query: ParsedQueryOf<typeof endpoints.list>,
  ): Promise<ResponseOf<typeof endpoints.list>> {
    return this.support.list(caller, query);
  }

  @Endpoint(endpoints.summary)
  summary(): Promise<ResponseOf<typeof endpoints.summary>> {
    return this.support.summary();
  }

  @Endpoint(endpoints.get)
  get(
    @CurrentUser() caller: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.get>,
  ): Promise<ResponseOf<typeof endpoints.get>> {
    return this.support.open(caller, id);
  }

  /** Sensitive: each call may add to a stored conversation. */
  @Endpoint(endpoints.update)
  @SensitiveRoute()
  update(
    @CurrentUser() caller: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.update>,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.update>,
  ): Promise<ResponseOf<typeof endpoints.update>> {
    return this.support.update(caller, id, withoutEchoedFields(body, endpoints.update.body, id));
  }
}
