import { z } from 'zod';

/** Roles a user record can carry. 'Admin' and 'Seller' drive permissions; the rest are plain buyers. */
export const userRoles = ['Admin', 'Seller', 'member', 'moderator'] as const;
export const userRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof userRoleSchema>;

export const userMemberships = ['free', 'basic', 'premium'] as const;
export const userMembershipSchema = z.enum(userMemberships);
export type UserMembership = z.infer<typeof userMembershipSchema>;

/** A user record as the API returns it (GET /users, GET /users?userEmail=). */
export const userRecordSchema = z.object({
  _id: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  profileURL: z.string().nullable().optional(),
  userRole: userRoleSchema,
  userMembership: userMembershipSchema.optional(),
  currentBalance: z.number(),
  aboutMe: z.string().optional(),
  address: z.string().optional(),
  city: z.string().optional(),
  country: z.string().optional(),
  phone: z.string().optional(),
  createdAt: z.string().optional(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;
