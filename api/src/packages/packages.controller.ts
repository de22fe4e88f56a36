import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  contract,
  type ResponseOf,
  type ParsedBodyOf,
  type ParsedParamsOf,
  type PaypalCurrency,
} from '@coldmail/contracts';
import { AuditService } from '../audit/audit.service';
import { CurrentUser, type AuthContext } from '../auth/auth-context';
import { withoutEchoedFields } from '../common/echoed-record';
import { Endpoint, ValidBody, ValidParams } from '../common/endpoint';
import { PackagesService } from './packages.service';
import { StoreCurrency } from './store-currency';

const endpoints = contract.packages;

@ApiTags('packages')
@Controller()
export class PackagesController {
  constructor(
    private readonly packages: PackagesService,
    private readonly currency: StoreCurrency,
    private readonly audit: AuditService,
  ) {}

  /** Each package with the currency its price is in (the store's). */
  private async priced<Package extends object>(
    found: Package,
  ): Promise<Package & { currency: PaypalCurrency }> {
    return { ...found, currency: await this.currency.catalogue() };
  }

  @Endpoint(endpoints.list)
  async list(): Promise<ResponseOf<typeof endpoints.list>> {
    const [packages, currency] = await Promise.all([
      this.packages.list(),
      this.currency.catalogue(),
    ]);
    return packages.map((found) => ({ ...found, currency }));
  }

  @Endpoint(endpoints.get)
  async get(
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.get>,
  ): Promise<ResponseOf<typeof endpoints.get>> {
    return this.priced(await this.packages.get(id));
  }

  /** 409 'Maximum 3 packages allowed' when the store is full. */
  @Endpoint(endpoints.add)
  async add(
    @CurrentUser() admin: AuthContext,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.add>,
  ): Promise<ResponseOf<typeof endpoints.add>> {
    const { sellerEmail: _sellerEmail, ...fields } = withoutEchoedFields(body, endpoints.add.body);
    const created = await this.packages.add(fields);
    await this.audit.record(admin, {
      action: 'package.create',
      target: { kind: 'package', id: created._id, label: created.packageName },
      after: created,
    });
    return this.priced(created);
  }

  @Endpoint(endpoints.edit)
  async edit(
    @CurrentUser() admin: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.edit>,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.edit>,
  ): Promise<ResponseOf<typeof endpoints.edit>> {
    const before = await this.packages.get(id);
    const { sellerEmail: _sellerEmail, ...fields } = withoutEchoedFields(
      body,
      endpoints.edit.body,
      id,
    );
    const updated = await this.packages.update(id, fields);
    await this.audit.record(admin, {
      action: 'package.update',
      target: { kind: 'package', id, label: updated.packageName },
      before,
      after: updated,
    });
    return this.priced(updated);
  }

  @Endpoint(endpoints.delete)
  async delete(
    @CurrentUser() admin: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.delete>,
  ): Promise<ResponseOf<typeof endpoints.delete>> {
    const before = await this.packages.get(id);
    await this.packages.delete(id);
    await this.audit.record(admin, {
      action: 'package.delete',
      target: { kind: 'package', id, label: before.packageName },
      before,
    });
    return { success: true, message: 'Package deleted successfully' };
  }
}
