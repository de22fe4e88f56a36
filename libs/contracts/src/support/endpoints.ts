// What each endpoint of ./routes.ts takes and answers, and its line on the OpenAPI page.
import {
  newSupportMessageBodySchema,
  supportListQuerySchema,
  supportSummarySchema,
  supportTicketSchema,
  updateTicketBodySchema,
} from './schemas';
import { z } from 'zod';
import { byId } from '../params';
import { type EndpointSchemasOf } from '../contract';
import { type supportRoutes } from './routes';

export const supportEndpoints = {
  create: {
    summary: 'A visitor’s contact message or a user’s new ticket (opened as a ticket)',
    body: newSupportMessageBodySchema,
    response: supportTicketSchema,
  },
  list: {
    summary: 'The caller’s tickets, or every ticket for admins (newest first)',
    query: supportListQuerySchema,
    response: z.array(supportTicketSchema),
  },
  get: {
    summary: 'One ticket with its conversation (its user or an admin); marks it read',
    ...byId,
    response: supportTicketSchema,
  },
  update: {
    summary: 'Replies to a ticket (the new entry only) and, for admins, sets its status',
    ...byId,
    body: updateTicketBodySchema,
    response: supportTicketSchema,
  },
  summary: {
    summary: 'Ticket counts for the admin dashboard: total, open, in progress, unread',
    response: supportSummarySchema,
  },
} satisfies EndpointSchemasOf<typeof supportRoutes>;
