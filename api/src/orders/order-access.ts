import { ForbiddenException } from '@nestjs/common';
import type { AuthContext } from '../auth/auth-context';

const isAdmin = (caller: AuthContext) => caller.user?.userRole === 'Admin';

/** An order's buyer and admins may see it. */
export function mayView(order: { customerEmail: string }, caller: AuthContext): boolean {
  return order.customerEmail === caller.email || isAdmin(caller);
}

/**
 * Whose orders a list call may return: `?userEmail=` the caller's own (anyone) or anybody's
 * (admins); no parameter, every order (admins; null here).
 */
export function listedEmail(caller: AuthContext, userEmail: string | undefined): string | null {
  if (userEmail === undefined) {
    if (!isAdmin(caller)) throw new ForbiddenException('Admin access required');
    return null;
  }
  if (userEmail !== caller.email && !isAdmin(caller)) {
    throw new ForbiddenException('You can only see your own orders');
  }
  return userEmail;
}
