import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '../config/app-config';
import { HealthService } from '../health/health.service';

/**
 * A graceful stop, in the order orchestrators expect: readiness answers 503 for the delay while
 * everything is still served; then the HTTP server stops taking connections and waits for the
 * requests under way (within the grace, see createApp); only then do the modules stop (sign-in,
 * key-use counts, mail) and the database closes, so no request loses them half-way.
 */
export async function shutDown(
  app: NestFastifyApplication,
  { delayMs }: AppConfig['shutdown'],
): Promise<void> {
  app.get(HealthService).startDraining();
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  await app.getHttpAdapter().getInstance().close();
  await app.close();
}
