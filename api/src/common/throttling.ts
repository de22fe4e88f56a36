import { createHash } from 'node:crypto';
import { type CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerException } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import type { RequestWithAuth } from '../auth/auth-context';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import { SharedThrottlerStorage } from '../limits/shared-throttler-storage';

const SENSITIVE = 'throttle:sensitive';

/** Costly or abusable routes (account sync, uploads, outgoing mail) get a stricter limit. */
export const SensitiveRoute = () => SetMetadata(SENSITIVE, true);

const UNTHROTTLED = 'throttle:off';

/**
 * Routes no caller can abuse and some must reach however often they call: the health probes,
 * which a load balancer or orchestrator calls every few seconds from one address.
 */
export const Unthrottled = () => SetMetadata(UNTHROTTLED, true);

const reflector = new Reflector();
const isSensitive = (context: ExecutionContext) =>
  reflector.get<boolean>(SENSITIVE, context.getHandler()) === true;

/** Whom a limit counts: a signed-in caller's account, else the client's address. */
function trackerOf(request: { ip?: string } & RequestWithAuth): string {
  // The Firebase account, bound one to one to the user record: the same key before and after
  // the record is created.
  return request.auth ? `user:${request.auth.uid}` : `ip:${request.ip ?? 'unknown'}`;
}

/** How many callers' hashed keys the guard remembers. */
const REMEMBERED_KEYS = 10_000;

/** What the guard needs of a route, worked out once per handler. */
interface ThrottledRoute {
  limit: number;
  sensitive: boolean;
  /** Names the route in the caller's key, as @nestjs/throttler's own guard did. */
  prefix: string;
}

/**
 * The request throttler, per caller and route: a signed-in caller is counted on their own
 * account wherever they call from, so colleagues behind one office NAT or one proxy never use up
 * each other's budget; anonymous callers are counted per client address. Sensitive routes get the
 * stricter limit. A limit of 0 is off (tests and the benchmark turn limits off). A refusal says
 * which limit was reached and when to try again, with the standard Retry-After and X-RateLimit-*
 * headers.
 *
 * Runs after AuthGuard, which has identified the caller by then (a route's anonymous callers are
 * turned away there before they count). The counts live in MongoDB (SharedThrottlerStorage), so
 * a limit holds over every API instance.
 *
 * Why not @nestjs/throttler's guard: it reads six pieces of route metadata, awaits four values
 * and hashes the key on every request, which `npm run bench:api` measured at a third of a
 * public read's time; this guard works out each route once. Its storage interface and refusal
 * (ThrottlerException, 429) are kept.
 */
@Injectable()
export class CallerThrottlerGuard implements CanActivate {
  private readonly routes = new WeakMap<object, ThrottledRoute>();
  /**
   * The hashed keys of the callers seen lately: a SHA-256 per request cost as much as the rest
   * of the guard (`npm run bench:api`), and keeping them in order of use (an LRU) a quarter of
   * it. Bounded: forgotten all at once when full, then hashed again as callers come back.
   */
  private readonly keys = new Map<string, string>();

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly storage: SharedThrottlerStorage,
  ) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const route = this.routeOf(context);
    // An unthrottled route (the probes) is let through at once, without a promise to wait for.
    if (route.limit === 0) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<{ ip?: string } & RequestWithAuth>();
    const reply = http.getResponse<FastifyReply>();
    const tracker = trackerOf(request);
    const key = this.keyOf(`${route.prefix}-${tracker}`);
    const { ttlMs } = this.config.throttle;
    // Answered from the share this instance holds (most requests), else by MongoDB.
    const held = this.storage.takeHeld(key, ttlMs, route.limit, 'default');
    if (held) return this.decide(held, route, tracker, reply);
    return this.storage
      .increment(key, ttlMs, route.limit, ttlMs, 'default')
      .then((hit) => this.decide(hit, route, tracker, reply));
  }

  /** The caller's key in MongoDB: hashed, so the database holds no address or account id. */
  private keyOf(plain: string): string {
    let key = this.keys.get(plain);
    if (key === undefined) {
      key = createHash('sha256').update(plain).digest('hex');
      if (this.keys.size >= REMEMBERED_KEYS) this.keys.clear();
      this.keys.set(plain, key);
    }
    return key;
  }

  /** Lets the request through with the limit's headers, or refuses it saying when to retry. */
  private decide(
    hit: Awaited<ReturnType<SharedThrottlerStorage['increment']>>,
    route: ThrottledRoute,
    tracker: string,
    reply: FastifyReply,
  ): boolean {
    const { ttlMs } = this.config.throttle;
    if (hit.isBlocked) {
      reply.header('Retry-After', hit.timeToBlockExpire);
      const who = tracker.startsWith('user:') ? 'your account' : 'your network address';
      const scope = route.sensitive ? ' for this action' : '';
      const window = Math.round(ttlMs / 1000);
      const retry = Math.max(1, Math.ceil(hit.timeToBlockExpire));
      throw new ThrottlerException(
        `Too many requests from ${who}: at most ${route.limit} in ${window} seconds${scope}. ` +
          `Please try again in ${retry} second${retry === 1 ? '' : 's'}.`,
      );
    }
    reply.header('X-RateLimit-Limit', route.limit);
    reply.header('X-RateLimit-Remaining', Math.max(0, route.limit - hit.totalHits));
    reply.header('X-RateLimit-Reset', hit.timeToExpire);
    return true;
  }

  private routeOf(context: ExecutionContext): ThrottledRoute {
    const handler = context.getHandler();
    let route = this.routes.get(handler);
    if (!route) {
      const sensitive = isSensitive(context);
      const off = reflector.getAllAndOverride<boolean>(UNTHROTTLED, [handler, context.getClass()]);
      const { limit, sensitiveLimit } = this.config.throttle;
      route = {
        limit: off ? 0 : sensitive ? sensitiveLimit : limit,
        sensitive,
        prefix: `${context.getClass().name}-${handler.name}-default`,
      };
      this.routes.set(handler, route);
    }
    return route;
  }
}
