import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  paypalSettingsBodySchema,
  paypalSettingsResponseSchema,
  type PaypalSettingsBody,
  type PaypalSettingsResponse,
} from '@coldmail/contracts';
import {
  AdminOnly,
  OptionalUser,
  PublicWithOptionalUser,
  type AuthContext,
} from '../auth/auth-context';
import { openApiSchema } from '../common/openapi';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import { PaypalSettingsService } from './paypal-settings.service';

@ApiTags('payment settings')
@Controller('api/paypal-settings')
export class PaypalSettingsController {
  constructor(private readonly settings: PaypalSettingsService) {}

  /** Public: clientId, currency, enablePayPal, buttonStyles; an admin's token adds mode and the masked secret. */
  @Get()
  @PublicWithOptionalUser()
  @ApiOkResponse({ schema: openApiSchema(paypalSettingsResponseSchema) })
  async get(@OptionalUser() caller: AuthContext | null): Promise<PaypalSettingsResponse> {
    const isAdmin = caller?.user?.userRole === 'Admin';
    return {
      success: true,
      data: isAdmin ? await this.settings.adminView() : await this.settings.publicView(),
    };
  }

  @Put()
  @AdminOnly()
  @ApiBearerAuth()
  @ApiBody({ schema: openApiSchema(paypalSettingsBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchema(paypalSettingsResponseSchema) })
  async update(
    @Body(new ZodValidationPipe(paypalSettingsBodySchema)) body: PaypalSettingsBody,
  ): Promise<PaypalSettingsResponse> {
    return {
      success: true,
      message: 'PayPal settings updated successfully',
      data: await this.settings.update(body),
    };
  }

  @Post('reset')
  @HttpCode(200)
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOkResponse({ schema: openApiSchema(paypalSettingsResponseSchema) })
  async reset(): Promise<PaypalSettingsResponse> {
    return {
      success: true,
      message: 'PayPal settings reset successfully',
      data: await this.settings.reset(),
    };
  }
}
