import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { contract, type IdParam, type PackageBody, type ResponseOf } from '@coldmail/contracts';
import { Endpoint, ValidBody, ValidParams } from '../common/endpoint';
import { PackagesService } from './packages.service';

const endpoints = contract.packages;

@ApiTags('packages')
@Controller()
export class PackagesController {
  constructor(private readonly packages: PackagesService) {}

  @Endpoint(endpoints.list)
  list(): Promise<ResponseOf<typeof endpoints.list>> {
    return this.packages.list();
  }

  @Endpoint(endpoints.get)
  get(@ValidParams() { id }: IdParam): Promise<ResponseOf<typeof endpoints.get>> {
    return this.packages.get(id);
  }

  /** 409 'Maximum 3 packages allowed' when the store is full. */
  @Endpoint(endpoints.add)
  add(@ValidBody() body: PackageBody): Promise<ResponseOf<typeof endpoints.add>> {
    return this.packages.add(body);
  }

  @Endpoint(endpoints.edit)
  edit(
    @ValidParams() { id }: IdParam,
    @ValidBody() body: PackageBody,
  ): Promise<ResponseOf<typeof endpoints.edit>> {
    return this.packages.update(id, body);
  }

  @Endpoint(endpoints.delete)
  async delete(@ValidParams() { id }: IdParam): Promise<ResponseOf<typeof endpoints.delete>> {
    await this.packages.delete(id);
    return { success: true, message: 'Package deleted successfully' };
  }
}
