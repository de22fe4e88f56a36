import {
  CanActivate,
  ExecutionContext,
  ForbiddenException,
  Injectable,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ACCOUNT_DELETED } from '../users/account-binding';
import { UsersService } from '../users/users.service';
import {
  ADMIN_ONLY,
  CHECKS_REVOCATION,
  IDENTIFIES_CALLER,
  IS_PUBLIC,
  NO_USER_RECORD,
  REQUIRES_RECORD,
  type AuthContext,
  type RequestWithAuth,
} from './auth-context';
import { FirebaseAuthService } from './firebase-auth.service';

interface RouteRules {
  requiresRecord: boolean;
  isPublic: boolean;
  identifiesCaller: boolean;
  checksRevocation: boolean;
  adminOnly: boolean;
}

/**
 * Global guard: every route requires `Authorization: Bearer <Firebase ID token>` unless marked
 * @Public(). The caller's role comes from their user record, never from the request.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  /** Each route's access rules, read from its decorators once (they never change at run time). */
  private readonly rules = new WeakMap<object, RouteRules>();

  constructor(
    private readonly reflector: Reflector,
    private readonly firebaseAuth: FirebaseAuthService,
    private readonly users: UsersService,
  ) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const rules = this.rulesOf(context);
    // A public route that needs no caller (a probe, the packages) is let through at once, without
    // a promise to wait for.
    if (rules.isPublic && !rules.identifiesCaller) return true;
    return this.admit(rules, context.switchToHttp().getRequest());
  }

  private async admit(
    rules: RouteRules,
    request: FastifyRequest & RequestWithAuth,
  ): Promise<boolean> {
    if (rules.isPublic) {
      request.auth = await this.identify(request).catch(() => undefined);
      return true;
    }

    const checked = rules.checksRevocation || rules.adminOnly;
    request.auth = await this.identify(request, checked);
    // An admin acts for the whole store on any route (the inbox, every order): a revoked or
    // disabled admin session ends at once, not when its token expires.
    if (!checked && request.auth.user?.userRole === 'Admin') {
      await this.verify(request, true);
    }
    if (rules.requiresRecord && !request.auth.user) throw new NotFoundException(NO_USER_RECORD);
    if (rules.adminOnly) {
      if (request.auth.user?.userRole !== 'Admin') {
        throw new ForbiddenException('Admin access required');
      }
    }
    return true;
  }

  private rulesOf(context: ExecutionContext): RouteRules {
    const handler = context.getHandler();
    let rules = this.rules.get(handler);
    if (!rules) {
      const targets = [handler, context.getClass()];
      const flag = (key: string) =>
        this.reflector.getAllAndOverride<boolean>(key, targets) === true;
      rules = {
        requiresRecord: flag(REQUIRES_RECORD),
        isPublic: flag(IS_PUBLIC),
        identifiesCaller: flag(IDENTIFIES_CALLER),
        checksRevocation: flag(CHECKS_REVOCATION),
        adminOnly: flag(ADMIN_ONLY),
      };
      this.rules.set(handler, rules);
    }
    return rules;
  }

  /** The caller behind the request's bearer token; rejects with a 401 when there is none. */
  private async identify(request: FastifyRequest, checkRevoked = false): Promise<AuthContext> {
    const claims = await this.verify(request, checkRevoked);
    if (!claims.email) {
      throw new UnauthorizedException('This account has no email address');
    }
    const email = claims.email.toLowerCase();
    const emailVerified = claims.email_verified === true;
    const user = await this.users.accounts.findForAccount({
      uid: claims.uid,
      email,
      emailVerified,
    });
    // Without a record: a new account before its first sync, or one an admin deleted, whose
    // token stays valid until it expires (the Firebase account is disabled, but a token is only
    // checked against that on sensitive routes). A deleted account is kept out everywhere.
    if (!user && (await this.users.accounts.isDeletedAccount({ uid: claims.uid, email }))) {
      throw new ForbiddenException(ACCOUNT_DELETED);
    }
    return {
      uid: claims.uid,
      email,
      name: typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : null,
      emailVerified,
      user,
    };
  }

  /** The request's bearer token's claims; rejects with a 401 when it has none valid. */
  private async verify(request: FastifyRequest, checkRevoked: boolean) {
    const match = /^Bearer ([\w.-]+)$/.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new UnauthorizedException('Authentication required');
    try {
      return await this.firebaseAuth.verifyIdToken(match[1], checkRevoked);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'auth/id-token-revoked' || code === 'auth/user-disabled') {
        throw new UnauthorizedException('Your session has ended. Please sign in again.');
      }
      throw new UnauthorizedException('Invalid or expired sign-in token');
    }
  }
}
