import { Controller, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { contract, type ResponseOf } from '@coldmail/contracts';
import { Endpoint } from '../common/endpoint';
import { HealthService } from './health.service';
import { Unthrottled } from '../common/throttling';

const endpoints = contract.health;
const LIVE = { status: 'ok' } as const;

@ApiTags('health')
/** Probes are never throttled (see Unthrottled) nor traced (see request-tracing.ts). */
@Unthrottled()
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** Always 200 while the process serves HTTP; the body says which dependency is down. */
  @Endpoint(endpoints.get)
  check(): Promise<ResponseOf<typeof endpoints.get>> {
    return this.health.check();
  }

  /** For an orchestrator's liveness probe: answers without asking any dependency. */
  @Endpoint(endpoints.live)
  live(): ResponseOf<typeof endpoints.live> {
    return LIVE;
  }

  /**
   * For a readiness probe: 200 once the database and sign-in answer, 503 naming what is down, or
   * 503 once the process is shutting down.
   */
  @Endpoint(endpoints.ready)
  async ready(): Promise<ResponseOf<typeof endpoints.ready>> {
    if (this.health.isDraining) throw new ServiceUnavailableException('Not ready: shutting down');
    const health = await this.health.check();
    if (health.status !== 'ok') {
      const down = (['database', 'auth'] as const).filter((name) => health[name] === 'down');
      throw new ServiceUnavailableException(`Not ready: ${down.join(' and ')} down`);
    }
    return health;
  }
}
