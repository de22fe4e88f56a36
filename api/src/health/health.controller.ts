import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { healthSchema, type Health } from '@coldmail/contracts';
import { Public } from '../auth/auth-context';
import { openApiSchema } from '../common/openapi';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** Always 200 while the process serves HTTP; the body says which dependency is down. */
  @Get()
  @Public()
  @ApiOkResponse({ schema: openApiSchema(healthSchema) })
  check(): Promise<Health> {
    return this.health.check();
  }
}
