import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  contract,
  type ResponseOf,
  type ParsedBodyOf,
  type ParsedQueryOf,
} from '@coldmail/contracts';
import { AuditService } from '../audit/audit.service';
import { CurrentUser, OptionalUser, type AuthContext } from '../auth/auth-context';
import { Endpoint, ValidBody, ValidQuery } from '../common/endpoint';
import { StoreCurrency } from '../packages/store-currency';
import { PaypalAccountChanges } from './paypal-account-changes';
import { PaypalSettingsService } from './paypal-settings.service';

const endpoints = contract.paypalSettings;

@ApiTags('payment settings')
@Controller()
export class PaypalSettingsController {
  constructor(
    private readonly settings: PaypalSettingsService,
    private readonly accountChanges: PaypalAccountChanges,
    private readonly currency: StoreCurrency,
    private readonly audit: AuditService,
  ) {}

  /**
   * Public: clientId, currency, enablePayPal, buttonStyles; an admin's token adds mode and the
   * masked secret, except for a payment page (`view=payments`), which shows admins what buyers see.
   */
  @Endpoint(endpoints.get)
  async get(
    @OptionalUser() caller: AuthContext | null,
    @ValidQuery() query: ParsedQueryOf<typeof endpoints.get>,
  ): Promise<ResponseOf<typeof endpoints.get>> {
    const formView = caller?.user?.userRole === 'Admin' && query.view !== 'payments';
    return {
      success: true,
      data: formView ? await this.settings.adminView() : await this.settings.publicView(),
    };
  }

  @Endpoint(endpoints.update)
  async update(
    @CurrentUser() admin: AuthContext,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.update>,
  ): Promise<ResponseOf<typeof endpoints.update>> {
    const before = await this.settings.adminView();
    const accountBefore = await this.settings.accountInForce();
    const data = await this.settings.update(body);
    await this.currency.changed();
    // The audit log masks the secret (AuditService.redactSecrets).
    await this.audit.record(admin, {
      action: 'settings.paypal.update',
      target: { kind: 'settings', label: 'PayPal' },
      before,
      after: data,
    });
    await this.accountChanges.announce(admin, accountBefore, await this.settings.accountInForce());
    return {
      success: true,
      message: 'PayPal settings updated successfully',
      data,
    };
  }

  @Endpoint(endpoints.reset)
  async reset(@CurrentUser() admin: AuthContext): Promise<ResponseOf<typeof endpoints.reset>> {
    const before = await this.settings.adminView();
    const accountBefore = await this.settings.accountInForce();
    const data = await this.settings.reset();
    await this.currency.changed();
    await this.audit.record(admin, {
      action: 'settings.paypal.reset',
      target: { kind: 'settings', label: 'PayPal' },
      before,
      after: data,
    });
    await this.accountChanges.announce(admin, accountBefore, await this.settings.accountInForce());
    return {
      success: true,
      message: 'PayPal settings reset successfully',
      data,
    };
  }
}
