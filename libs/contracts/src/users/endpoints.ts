// What each endpoint of ./routes.ts takes and answers, and its line on the OpenAPI page.
import {
  adminListEntrySchema,
  adminUserUpdateBodySchema,
  createUserBodySchema,
  deleteUserResponseSchema,
  profileUpdateBodySchema,
  sendMessageBodySchema,
  sendMessageResponseSchema,
  userEmailQuerySchema,
  userRecordSchema,
} from './schemas';
import { pageSchema, userListQuerySchema } from '../paging';
import { z } from 'zod';
import { byId } from '../params';
import { type EndpointSchemasOf } from '../contract';
import { type messagesRoutes, type usersRoutes } from './routes';

export const usersEndpoints = {
  createOrSync: {
    summary: 'Creates or syncs the caller’s record after sign-in and registration',
    body: createUserBodySchema,
    response: userRecordSchema,
  },
  list: {
    summary: 'Every user (admins), or the caller’s own record with ?userEmail=',
    query: userEmailQuerySchema,
    response: z.array(userRecordSchema),
  },
  adminList: {
    summary: 'One page of the user directory: search, sort and page on the server',
    query: userListQuerySchema,
    response: pageSchema(userRecordSchema),
  },
  admins: {
    summary: 'The admins, for the Admin Panel link',
    response: z.array(adminListEntrySchema),
  },
  updateProfile: {
    summary: 'The caller’s own profile fields',
    ...byId,
    body: profileUpdateBodySchema,
    response: userRecordSchema,
  },
  adminUpdate: {
    summary: 'Name, role, membership and credit balance (the balance through the ledger)',
    ...byId,
    body: adminUserUpdateBodySchema,
    response: userRecordSchema,
  },
  delete: { summary: 'Deletes a user', ...byId, response: deleteUserResponseSchema },
} satisfies EndpointSchemasOf<typeof usersRoutes>;

export const messagesEndpoints = {
  send: {
    summary: 'E-mails a user (HTML sanitised) and keeps a copy on their record',
    body: sendMessageBodySchema,
    response: sendMessageResponseSchema,
  },
} satisfies EndpointSchemasOf<typeof messagesRoutes>;
