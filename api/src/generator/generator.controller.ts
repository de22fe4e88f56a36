import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  contract,
  type IdParam,
  type ResponseOf,
  type enhancePromptBodySchema,
  type generateEmailBodySchema,
  type refundCreditBodySchema,
} from '@coldmail/contracts';
import type { z } from 'zod';
import { CurrentUser, type AuthContext } from '../auth/auth-context';
import { Endpoint, ValidBody, ValidParams } from '../common/endpoint';
import { SensitiveRoute } from '../common/throttling';
import { GeneratorService } from './generator.service';

const endpoints = contract.generator;

@ApiTags('generator')
@Controller()
export class GeneratorController {
  constructor(private readonly generator: GeneratorService) {}

  @Endpoint(endpoints.generate)
  @SensitiveRoute()
  generate(
    @CurrentUser() caller: AuthContext,
    @ValidBody() body: z.output<typeof generateEmailBodySchema>,
  ): Promise<ResponseOf<typeof endpoints.generate>> {
    return this.generator.generate(caller, body);
  }

  @Endpoint(endpoints.enhancePrompt)
  @SensitiveRoute()
  async enhancePrompt(
    @CurrentUser() caller: AuthContext,
    @ValidBody() body: z.output<typeof enhancePromptBodySchema>,
  ): Promise<ResponseOf<typeof endpoints.enhancePrompt>> {
    return { enhancedPrompt: await this.generator.enhance(caller, body.prompt) };
  }

  @Endpoint(endpoints.deductCredit)
  async deductCredit(
    @CurrentUser() caller: AuthContext,
  ): Promise<ResponseOf<typeof endpoints.deductCredit>> {
    return { success: true, ...(await this.generator.deduct(caller)) };
  }

  @Endpoint(endpoints.refundCredit)
  async refundCredit(
    @CurrentUser() caller: AuthContext,
    @ValidBody() body: z.output<typeof refundCreditBodySchema>,
  ): Promise<ResponseOf<typeof endpoints.refundCredit>> {
    return { success: true, ...(await this.generator.refundByClient(caller, body.generationId)) };
  }

  @Endpoint(endpoints.history)
  history(@CurrentUser() caller: AuthContext): Promise<ResponseOf<typeof endpoints.history>> {
    return this.generator.history(caller);
  }

  @Endpoint(endpoints.deleteGeneration)
  async deleteGeneration(
    @CurrentUser() caller: AuthContext,
    @ValidParams() { id }: IdParam,
  ): Promise<ResponseOf<typeof endpoints.deleteGeneration>> {
    await this.generator.remove(caller, id);
    return { success: true, message: 'Generated email deleted' };
  }
}
