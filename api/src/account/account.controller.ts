import { Controller, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { contract, type ParsedBodyOf, type ResponseOf } from '@coldmail/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, type AuthContext } from '../auth/auth-context';
import { Endpoint, ValidBody } from '../common/endpoint';
import { SensitiveRoute } from '../common/throttling';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import { imageUrlOf } from '../uploads/image-urls';
import { AccountService } from './account.service';

const endpoints = contract.account;

@ApiTags('account')
@Controller()
export class AccountController {
  constructor(
    private readonly account: AccountService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** JSON, sent as a file to save: `coldmail-data-<YYYY-MM-DD>.json`, kept by no cache. */
  @Endpoint(endpoints.export)
  @SensitiveRoute()
  async export(
    @CurrentUser() caller: AuthContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ResponseOf<typeof endpoints.export>> {
    const data = await this.account.export(caller, (id) =>
      imageUrlOf(this.config.publicApiUrl, request, id),
    );
    void reply
      .header(
        'content-disposition',
        `attachment; filename="coldmail-data-${data.exportedAt.slice(0, 10)}.json"`,
      )
      .header('cache-control', 'no-store');
    return data;
  }

  @Endpoint(endpoints.delete)
  @SensitiveRoute()
  async delete(
    @CurrentUser() caller: AuthContext,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.delete>,
  ): Promise<ResponseOf<typeof endpoints.delete>> {
    await this.account.deleteOwn(caller, body);
    return { success: true, message: 'Your account has been deleted.' };
  }
}
