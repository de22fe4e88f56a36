import {
  applyDecorators,
  createParamDecorator,
  ExecutionContext,
  NotFoundException,
  SetMetadata,
} from '@nestjs/common';
import type { UserRecord } from '@coldmail/contracts';

/** Who is calling, from the verified ID token, plus their user record once it exists. */
export interface AuthContext {
  uid: string;
  /** Lower-cased, from the token; the only source of the caller's identity. */
  email: string;
  /** The display name in the token, if the account has one. */
  name: string | null;
  /** The token's email_verified claim: the caller has proved they own the address. */
  emailVerified: boolean;
  /**
   * The record bound to the token's uid (or, for a verified address, the not-yet-bound record of
   * that address); null until POST /api/create-user has created it.
   */
  user: UserRecord | null;
}

export interface RequestWithAuth {
  auth?: AuthContext;
}

export const IS_PUBLIC = 'auth:public';
export const ADMIN_ONLY = 'auth:admin-only';
export const IDENTIFIES_CALLER = 'auth:identifies-caller';
export const CHECKS_REVOCATION = 'auth:checks-revocation';
export const REQUIRES_RECORD = 'auth:requires-record';

/** Told to a signed-in caller who has no user record yet, on a route that needs one. */
export const NO_USER_RECORD = 'User data not found';

/**
 * The caller's user record id: what owns their orders, uploads, tickets and credits (never their
 * e-mail address, which can change and be registered again by someone else).
 */
export function ownerIdOf(caller: AuthContext): string {
  if (!caller.user) throw new NotFoundException(NO_USER_RECORD);
  return caller.user._id;
}

/** The route needs no sign-in. Every other route does (default deny). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/**
 * Public, but a caller who sends a valid token is identified (@OptionalUser()), for routes that
 * answer admins with more than everyone else. A missing or invalid token is simply anonymous.
 */
export const PublicWithOptionalUser = () =>
  applyDecorators(Public(), SetMetadata(IDENTIFIES_CALLER, true));

/** The caller must have a user record (owner routes: what they own is owned by it). */
export const RequiresUserRecord = () => SetMetadata(REQUIRES_RECORD, true);

/** The caller's user record must have userRole 'Admin'. */
export const AdminOnly = () => SetMetadata(ADMIN_ONLY, true);

/**
 * The token is checked with Firebase on every call (not taken from the verified-token cache), so
 * a session revoked or an account disabled since the token was issued is refused.
 */
export const ChecksRevocation = () => SetMetadata(CHECKS_REVOCATION, true);

/** The caller of a route that requires sign-in (set by AuthGuard). */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthContext => {
    const auth = context.switchToHttp().getRequest<RequestWithAuth>().auth;
    // Only reachable on a @Public() route, which is a programming error.
    if (!auth) throw new Error('@CurrentUser() used on a route without authentication');
    return auth;
  },
);

/** The caller on a @PublicWithOptionalUser() route: null when anonymous. */
export const OptionalUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthContext | null =>
    context.switchToHttp().getRequest<RequestWithAuth>().auth ?? null,
);
