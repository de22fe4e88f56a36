import { ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  ThrottlerException,
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
} from '@nestjs/throttler';
import type { RequestWithAuth } from '../auth/auth-context';
import type { AppConfig } from '../config/app-config';

const SENSITIVE = 'throttle:sensitive';

/** Costly or abusable routes (account sync, uploads, outgoing mail) get a stricter limit. */
export const SensitiveRoute = () => SetMetadata(SENSITIVE, true);

const reflector = new Reflector();
const isSensitive = (context: ExecutionContext) =>
  reflector.get<boolean>(SENSITIVE, context.getHandler()) === true;

/** Whom a limit counts: a signed-in caller's account, else the client's address. */
function trackerOf(request: { ip?: string } & RequestWithAuth): string {
  // The Firebase account, bound one to one to the user record: the same key before and after
  // the record is created.
  return request.auth ? `user:${request.auth.uid}` : `ip:${request.ip ?? 'unknown'}`;
}

/**
 * Per caller and route (the throttler keys on both): a signed-in caller is counted on their own
 * account wherever they call from, so colleagues behind one office NAT or one proxy never use up
 * each other's budget; anonymous callers are counted per client address. Sensitive routes get the
 * stricter limit. A limit of 0 is off (tests and the benchmark turn limits off). One throttler
 * rather than two, so a refusal carries the standard Retry-After and X-RateLimit-* headers.
 *
 * The counts live in MongoDB (SharedThrottlerStorage), so a limit holds over every API instance.
 */
export function throttlerOptions(config: AppConfig): ThrottlerModuleOptions {
  const { ttlMs, limit, sensitiveLimit } = config.throttle;
  const limitFor = (context: ExecutionContext) => (isSensitive(context) ? sensitiveLimit : limit);
  return {
    throttlers: [
      {
        name: 'default',
        ttl: ttlMs,
        limit: limitFor,
        skipIf: (context) => limitFor(context) === 0,
        getTracker: (request) => trackerOf(request as { ip?: string } & RequestWithAuth),
      },
    ],
  };
}

/**
 * Runs after AuthGuard, which has identified the caller by then (a route's anonymous callers are
 * turned away there before they count). The refusal says which limit was reached and when to
 * try again; Retry-After says it to machines.
 */
@Injectable()
export class CallerThrottlerGuard extends ThrottlerGuard {
  protected override async throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    const who = detail.tracker.startsWith('user:') ? 'your account' : 'your network address';
    const scope = isSensitive(context) ? ' for this action' : '';
    const window = Math.round(detail.ttl / 1000);
    const wait = detail.isBlocked ? detail.timeToBlockExpire : detail.timeToExpire;
    const retry = Math.max(1, Math.ceil(wait));
    throw new ThrottlerException(
      `Too many requests from ${who}: at most ${detail.limit} in ${window} seconds${scope}. ` +
        `Please try again in ${retry} second${retry === 1 ? '' : 's'}.`,
    );
  }
}
