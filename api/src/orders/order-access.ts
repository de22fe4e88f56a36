import { ForbiddenException } from '@nestjs/common';
import { type AuthContext, ownerIdOf } from '../auth/auth-context';

const isAdmin = (caller: AuthContext) => caller.user?.userRole === 'Admin';

/** Whether the caller placed the order: by their user record, never by an e-mail address. */
export function isBuyer(order: { customerId?: { toHexString(): string } }, caller: AuthContext) {
  return caller.user !== null && order.customerId?.toHexString() === caller.user._id;
}

/** An order's buyer and admins may see it. */
export function mayView(order: { customerId?: { toHexString(): string } }, caller: AuthContext) {
  return isBuyer(order, caller) || isAdmin(caller);
}

/**
 * Whose orders a list call may return: `?userEmail=` the caller's own address (anyone: their
 * own orders, by their record) or anybody's (admins); no parameter, every order (admins).
 */
export type ListedOrders =
  { kind: 'all' } | { kind: 'own'; customerId: string } | { kind: 'email'; email: string };

export function listedOrders(caller: AuthContext, userEmail: string | undefined): ListedOrders {
  if (userEmail === undefined) {
    if (!isAdmin(caller)) throw new ForbiddenException('Admin access required');
    return { kind: 'all' };
  }
  if (userEmail === caller.email) return { kind: 'own', customerId: ownerIdOf(caller) };
  if (!isAdmin(caller)) throw new ForbiddenException('You can only see your own orders');
  return { kind: 'email', email: userEmail };
}
