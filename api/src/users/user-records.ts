import { ForbiddenException } from '@nestjs/common';
import type { UserRecord, UserRole } from '@coldmail/contracts';
import { mongo, trusted } from 'mongoose';
import type { UserData } from './schemas/user.schema';

/**
 * The spec's payloads carry the caller's address; the token is what counts, so a different one
 * is refused rather than obeyed or ignored.
 */
export function assertOwnEmail(sent: string | undefined, callerEmail: string): void {
  if (sent !== undefined && sent !== callerEmail) {
    throw new ForbiddenException('The e-mail address must be the one you are signed in with');
  }
}

/** The roles an address alone never gives. */
export const PRIVILEGED_ROLES: UserRole[] = ['Admin', 'Seller'];

/** Matches a record no Firebase account has claimed (an operator: see sanitizeFilter). */
export const unbound = () => trusted({ $exists: false });

/** For insert-only upserts, which run with Mongoose's timestamps off. */
export function withTimestamps<T extends object>(
  fields: T,
): T & { createdAt: Date; updatedAt: Date } {
  const now = new Date();
  return { ...fields, createdAt: now, updatedAt: now };
}

export function isDuplicateKeyError(error: unknown): boolean {
  return error instanceof mongo.MongoServerError && error.code === 11000;
}

/** The API's shape of a user: every field present, ids and dates as strings, nothing else. */
export function toUserRecord(user: UserData): UserRecord {
  return {
    _id: user._id.toHexString(),
    userName: user.userName,
    userEmail: user.userEmail,
    profileURL: user.profileURL ?? null,
    userRole: user.userRole,
    userMembership: user.userMembership ?? 'free',
    currentBalance: user.currentBalance ?? 0,
    aboutMe: user.aboutMe ?? '',
    address: user.address ?? '',
    city: user.city ?? '',
    country: user.country ?? '',
    phone: user.phone ?? '',
    messageLogs: (user.messageLogs ?? []).map((log) => ({
      subject: log.subject,
      messageBody: log.messageBody,
      sentAt: log.sentAt.toISOString(),
      sentBy: log.sentBy,
    })),
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
