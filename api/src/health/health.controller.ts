import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { contract, type ResponseOf } from '@coldmail/contracts';
import { Endpoint } from '../common/endpoint';
import { HealthService } from './health.service';

const endpoints = contract.health;

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** Always 200 while the process serves HTTP; the body says which dependency is down. */
  @Endpoint(endpoints.get)
  check(): Promise<ResponseOf<typeof endpoints.get>> {
    return this.health.check();
  }
}
