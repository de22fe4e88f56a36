import { createHash, timingSafeEqual } from 'node:crypto';
import { type CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerException } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import ipaddr from 'ipaddr.js';
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

/** Where the page renderer sends its credential (shell/server/api-reads.mjs). */
const RENDERER_TOKEN_HEADER = 'x-renderer-token';

/**
 * Whom an anonymous address limit counts: an IPv4 address, or an IPv6 address's /64 network,
 * which one subscriber usually holds whole (counting each of its 2^64 addresses apart would be
 * no limit at all). An IPv4-mapped IPv6 address is its IPv4 address.
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...network, 0, 0, 0, 0]).toString()}/64`;
}

/** The network a request came from (see addressKey), for limits that count a network's callers. */
export function networkOf(request: { ip?: string }): string {
  return addressKey(request.ip ?? 'unknown');
}

const reflector = new Reflector();
const isSensitive = (context: ExecutionContext) =>
  reflector.get<boolean>(SENSITIVE, context.getHandler()) === true;

/** How many callers' window ids the guard remembers, per route and kind of caller. */
const REMEMBERED_KEYS = 10_000;

/** What the guard needs of a route, worked out once per handler. */
interface ThrottledRoute {
  limit: number;
  sensitive: boolean;
  /** Names the route in the caller's key, as @nestjs/throttler's own guard did. */
  prefix: string;
  /**
   * The windows' ids in MongoDB of the callers seen lately on this route, by account id and by
   * address: looked up by the very string the request carries (its hash is kept in it), not by
   * a key put together and hashed on every request.
   */
  accounts: Map<string, string>;
  addresses: Map<string, string>;
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

  /** The renderer's token, hashed so that comparing takes the same time whatever is sent. */
  private readonly rendererDigest: Buffer | null;

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly storage: SharedThrottlerStorage,
  ) {
    const renderer = config.throttle.renderer;
    this.rendererDigest = renderer ? digest(renderer.token) : null;
  }

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const route = this.routeOf(context);
    // An unthrottled route (the probes) is let through at once, without a promise to wait for.
    if (route.limit === 0) return true;
    const [request, reply] =
      context.getArgs<
        [
          { ip?: string; headers: Record<string, string | string[] | undefined> } & RequestWithAuth,
          FastifyReply,
        ]
      >();
    // Whom the limit counts: a signed-in caller's Firebase account (bound one to one to the user
    // record: the same before and after the record is created), else the client's address.
    const account = request.auth?.uid;
    // The address only for an anonymous caller: behind a proxy (TRUST_PROXY), Fastify parses
    // X-Forwarded-For again on every read of it.
    let id: string;
    let limit = route.limit;
    if (account !== undefined) {
      id = this.windowOf(route, 'user', account);
    } else if (this.isRenderer(request.headers[RENDERER_TOKEN_HEADER])) {
      id = this.windowOf(route, 'renderer', 'renderer');
      limit = this.config.throttle.renderer?.limit ?? limit;
      if (limit === 0) return true;
    } else {
      id = this.windowOf(route, 'ip', addressKey(request.ip ?? 'unknown'));
    }
    const { ttlMs } = this.config.throttle;
    const caller = account !== undefined ? 'your account' : 'your network address';
    // Answered from the share this instance holds (most requests), else by MongoDB.
    const held = this.storage.takeHeldWindow(id, ttlMs, limit);
    if (held) return this.decide(held, route, limit, caller, reply);
    return this.storage
      .incrementWindow(id, ttlMs, limit)
      .then((hit) => this.decide(hit, route, limit, caller, reply));
  }

  /** Whether a request carries the page renderer's token (an anonymous one only). */
  private isRenderer(sent: string | string[] | undefined): boolean {
    if (!this.rendererDigest || typeof sent !== 'string') return false;
    return timingSafeEqual(digest(sent), this.rendererDigest);
  }

  /**
   * The caller's window id in MongoDB: the route and the caller, hashed so the database holds no
   * address or account id. Remembered per route; a SHA-256 per request cost as much as the rest
   * of the guard (`npm run bench:api`). Bounded: forgotten all at once when full, then hashed
   * again as callers come back.
   */
  private windowOf(
    route: ThrottledRoute,
    kind: 'ip' | 'user' | 'renderer',
    caller: string,
  ): string {
    // Addresses and the renderer's one key never look like an account id.
    const seen = kind === 'user' ? route.accounts : route.addresses;
    let id = seen.get(caller);
    if (id === undefined) {
      id = `default:${createHash('sha256').update(`${route.prefix}-${kind}:${caller}`).digest('hex')}`;
      if (seen.size >= REMEMBERED_KEYS) seen.clear();
      seen.set(caller, id);
    }
    return id;
  }

  /** Lets the request through with the limit's headers, or refuses it saying when to retry. */
  private decide(
    hit: Awaited<ReturnType<SharedThrottlerStorage['incrementWindow']>>,
    route: ThrottledRoute,
    limit: number,
    who: string,
    reply: FastifyReply,
  ): boolean {
    const { ttlMs } = this.config.throttle;
    if (hit.isBlocked) {
      reply.header('Retry-After', hit.timeToBlockExpire);
      const scope = route.sensitive ? ' for this action' : '';
      const window = Math.round(ttlMs / 1000);
      const retry = Math.max(1, Math.ceil(hit.timeToBlockExpire));
      throw new ThrottlerException(
        `Too many requests from ${who}: at most ${limit} in ${window} seconds${scope}. ` +
          `Please try again in ${retry} second${retry === 1 ? '' : 's'}.`,
      );
    }
    reply.header('X-RateLimit-Limit', limit);
    reply.header('X-RateLimit-Remaining', Math.max(0, limit - hit.totalHits));
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
        accounts: new Map(),
        addresses: new Map(),
      };
      this.routes.set(handler, route);
    }
    return route;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();
