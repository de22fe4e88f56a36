import { ExecutionContext, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { ThrottlerModuleOptions } from '@nestjs/throttler';
import type { AppConfig } from '../config/app-config';

const SENSITIVE = 'throttle:sensitive';

/** Costly or abusable routes (account sync, uploads, outgoing mail) get a stricter limit. */
export const SensitiveRoute = () => SetMetadata(SENSITIVE, true);

const reflector = new Reflector();
const isSensitive = (context: ExecutionContext) =>
  reflector.get<boolean>(SENSITIVE, context.getHandler()) === true;

/**
 * Per client IP and route (the throttler keys on both): sensitive routes get the stricter limit.
 * A limit of 0 is off (tests and the benchmark turn limits off). One throttler rather than two,
 * so a refusal carries the standard Retry-After and X-RateLimit-* headers.
 */
export function throttlerOptions(config: AppConfig): ThrottlerModuleOptions {
  const { ttlMs, limit, sensitiveLimit } = config.throttle;
  const limitFor = (context: ExecutionContext) => (isSensitive(context) ? sensitiveLimit : limit);
  return {
    errorMessage: 'Too many requests. Please try again later.',
    throttlers: [
      {
        name: 'default',
        ttl: ttlMs,
        limit: limitFor,
        skipIf: (context) => limitFor(context) === 0,
      },
    ],
  };
}
