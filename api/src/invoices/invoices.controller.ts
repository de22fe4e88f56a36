import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { contract, type ParsedBodyOf, type ResponseOf } from '@coldmail/contracts';
import { AuditService } from '../audit/audit.service';
import { CurrentUser, type AuthContext } from '../auth/auth-context';
import { Endpoint, ValidBody } from '../common/endpoint';
import { InvoicesService } from './invoices.service';

const endpoints = contract.invoices;

@ApiTags('invoices')
@Controller()
export class InvoicesController {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly audit: AuditService,
  ) {}

  @Endpoint(endpoints.settings)
  settings(): Promise<ResponseOf<typeof endpoints.settings>> {
    return this.invoices.settings();
  }

  /** Orders already placed keep the tax and seller they were placed or invoiced with. */
  @Endpoint(endpoints.saveSettings)
  async saveSettings(
    @CurrentUser() admin: AuthContext,
    @ValidBody() { updatedAt: _readOnly, ...body }: ParsedBodyOf<typeof endpoints.saveSettings>,
  ): Promise<ResponseOf<typeof endpoints.saveSettings>> {
    const before = await this.invoices.settings();
    const saved = await this.invoices.saveSettings(body);
    await this.audit.record(admin, {
      action: 'invoice-settings.update',
      target: { kind: 'invoice-settings', id: 'store', label: 'Invoicing' },
      before,
      after: saved,
    });
    return saved;
  }

  @Endpoint(endpoints.taxRates)
  async taxRates(): Promise<ResponseOf<typeof endpoints.taxRates>> {
    const { pricesIncludeTax, taxRates } = await this.invoices.settings();
    return { pricesIncludeTax, rates: taxRates };
  }
}
