import { Controller, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  contract,
  type ParsedBodyOf,
  type ParsedParamsOf,
  type ResponseOf,
} from '@coldmail/contracts';
import { AuditService } from '../audit/audit.service';
import { CurrentUser, ownerIdOf, type AuthContext } from '../auth/auth-context';
import { withoutEchoedFields } from '../common/echoed-record';
import { Endpoint, ValidBody, ValidParams } from '../common/endpoint';
import { networkOf } from '../common/throttling';
import { PromoCodesService, type Guesser } from './promo-codes.service';

/** Whose guess a code is: the buyer's, and their network's. */
const guesserOf = (buyer: AuthContext, request: FastifyRequest): Guesser => ({
  buyerId: ownerIdOf(buyer),
  network: networkOf(request),
});

const endpoints = contract.promoCodes;

@ApiTags('promo-codes')
@Controller()
export class PromoCodesController {
  constructor(
    private readonly promoCodes: PromoCodesService,
    private readonly audit: AuditService,
  ) {}

  @Endpoint(endpoints.list)
  list(): Promise<ResponseOf<typeof endpoints.list>> {
    return this.promoCodes.list();
  }

  @Endpoint(endpoints.get)
  get(
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.get>,
  ): Promise<ResponseOf<typeof endpoints.get>> {
    return this.promoCodes.get(id);
  }

  /** 409 when another code has the text; 400 for a currency other than the store's. */
  @Endpoint(endpoints.create)
  async create(
    @CurrentUser() admin: AuthContext,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.create>,
  ): Promise<ResponseOf<typeof endpoints.create>> {
    const created = await this.promoCodes.create(withoutEchoedFields(body, endpoints.create.body));
    await this.audit.record(admin, {
      action: 'promo-code.create',
      target: { kind: 'promo-code', id: created._id, label: created.code },
      after: created,
    });
    return created;
  }

  @Endpoint(endpoints.update)
  async update(
    @CurrentUser() admin: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.update>,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.update>,
  ): Promise<ResponseOf<typeof endpoints.update>> {
    const settings = withoutEchoedFields(body, endpoints.update.body, id);
    const before = await this.promoCodes.get(id);
    const updated = await this.promoCodes.update(id, settings);
    await this.audit.record(admin, {
      action: 'promo-code.update',
      target: { kind: 'promo-code', id, label: updated.code },
      before,
      after: updated,
    });
    return updated;
  }

  @Endpoint(endpoints.pause)
  pause(
    @CurrentUser() admin: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.pause>,
  ): Promise<ResponseOf<typeof endpoints.pause>> {
    return this.setPaused(admin, id, true);
  }

  @Endpoint(endpoints.resume)
  resume(
    @CurrentUser() admin: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.resume>,
  ): Promise<ResponseOf<typeof endpoints.resume>> {
    return this.setPaused(admin, id, false);
  }

  @Endpoint(endpoints.delete)
  async delete(
    @CurrentUser() admin: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.delete>,
  ): Promise<ResponseOf<typeof endpoints.delete>> {
    const before = await this.promoCodes.delete(id);
    await this.audit.record(admin, {
      action: 'promo-code.delete',
      target: { kind: 'promo-code', id, label: before.code },
      before,
    });
    return { success: true, message: 'Promo code deleted successfully' };
  }

  /** The buyer's checkout: the price with the code, or why it is refused (see promo-code-rules). */
  @Endpoint(endpoints.quote)
  quote(
    @CurrentUser() buyer: AuthContext,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.quote>,
    @Req() request: FastifyRequest,
  ): Promise<ResponseOf<typeof endpoints.quote>> {
    return this.promoCodes.quote(guesserOf(buyer, request), body);
  }

  /** Recorded only when it changed something (pausing a paused code does not). */
  private async setPaused(admin: AuthContext, id: string, paused: boolean) {
    const changed = await this.promoCodes.setPaused(id, paused);
    if (!changed) return this.promoCodes.get(id);
    await this.audit.record(admin, {
      action: paused ? 'promo-code.pause' : 'promo-code.resume',
      target: { kind: 'promo-code', id, label: changed.after.code },
      before: { paused: changed.before.paused },
      after: { paused: changed.after.paused },
    });
    return changed.after;
  }
}
