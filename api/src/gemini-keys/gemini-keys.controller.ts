import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  contract,
  type ParsedBodyOf,
  type ResponseOf,
  type ParsedParamsOf,
} from '@coldmail/contracts';
import { CurrentUser, type AuthContext } from '../auth/auth-context';
import { withoutEchoedFields } from '../common/echoed-record';
import { Endpoint, ValidBody, ValidParams } from '../common/endpoint';
import { GeminiKeysService } from './gemini-keys.service';
import { GeminiModelService } from './gemini-model.service';
import { GeminiPoolService } from './gemini-pool.service';

const endpoints = contract.geminiKeys;

/** The admin's Gemini Keys panel. Answers carry each key's mask, never the key. */
@ApiTags('gemini-keys')
@Controller()
export class GeminiKeysController {
  constructor(
    private readonly keys: GeminiKeysService,
    private readonly pool: GeminiPoolService,
    private readonly models: GeminiModelService,
  ) {}

  @Endpoint(endpoints.list)
  async list(): Promise<ResponseOf<typeof endpoints.list>> {
    return { success: true, data: await this.keys.list() };
  }

  @Endpoint(endpoints.create)
  async create(
    @CurrentUser() caller: AuthContext,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.create>,
  ): Promise<ResponseOf<typeof endpoints.create>> {
    const data = await this.keys.create(caller, body);
    return { success: true, data, message: 'API key added successfully!' };
  }

  @Endpoint(endpoints.update)
  async update(
    @CurrentUser() caller: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.update>,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.update>,
  ): Promise<ResponseOf<typeof endpoints.update>> {
    const data = await this.keys.update(
      caller,
      id,
      withoutEchoedFields(body, endpoints.update.body, id),
    );
    return { success: true, data, message: 'API key updated successfully!' };
  }

  @Endpoint(endpoints.delete)
  async delete(
    @CurrentUser() caller: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.delete>,
  ): Promise<ResponseOf<typeof endpoints.delete>> {
    await this.keys.delete(caller, id);
    return { success: true, data: { _id: id }, message: 'API key deleted successfully!' };
  }

  @Endpoint(endpoints.toggle)
  async toggle(
    @CurrentUser() caller: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.toggle>,
  ): Promise<ResponseOf<typeof endpoints.toggle>> {
    const data = await this.keys.toggle(caller, id);
    const message = data.isActive
      ? 'API key activated successfully!'
      : 'API key deactivated successfully!';
    return { success: true, data, message };
  }

  @Endpoint(endpoints.test)
  async test(
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.test>,
  ): Promise<ResponseOf<typeof endpoints.test>> {
    const [key, model] = await Promise.all([this.keys.opened(id), this.models.current()]);
    const result = await this.pool.test(key, model);
    return { success: 'answer' in result, model, ...result };
  }

  @Endpoint(endpoints.model)
  async model(): Promise<ResponseOf<typeof endpoints.model>> {
    return { success: true, data: await this.models.view() };
  }

  @Endpoint(endpoints.setModel)
  async setModel(
    @CurrentUser() caller: AuthContext,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.setModel>,
  ): Promise<ResponseOf<typeof endpoints.setModel>> {
    return { success: true, data: await this.models.set(caller, body.model) };
  }
}
