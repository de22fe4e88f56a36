import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { contract, type PaypalSettingsBody, type ResponseOf } from '@coldmail/contracts';
import { OptionalUser, type AuthContext } from '../auth/auth-context';
import { Endpoint, ValidBody } from '../common/endpoint';
import { PaypalSettingsService } from './paypal-settings.service';

const endpoints = contract.paypalSettings;

@ApiTags('payment settings')
@Controller()
export class PaypalSettingsController {
  constructor(private readonly settings: PaypalSettingsService) {}

  /** Public: clientId, currency, enablePayPal, buttonStyles; an admin's token adds mode and the masked secret. */
  @Endpoint(endpoints.get)
  async get(@OptionalUser() caller: AuthContext | null): Promise<ResponseOf<typeof endpoints.get>> {
    const isAdmin = caller?.user?.userRole === 'Admin';
    return {
      success: true,
      data: isAdmin ? await this.settings.adminView() : await this.settings.publicView(),
    };
  }

  @Endpoint(endpoints.update)
  async update(
    @ValidBody() body: PaypalSettingsBody,
  ): Promise<ResponseOf<typeof endpoints.update>> {
    return {
      success: true,
      message: 'PayPal settings updated successfully',
      data: await this.settings.update(body),
    };
  }

  @Endpoint(endpoints.reset)
  async reset(): Promise<ResponseOf<typeof endpoints.reset>> {
    return {
      success: true,
      message: 'PayPal settings reset successfully',
      data: await this.settings.reset(),
    };
  }
}
