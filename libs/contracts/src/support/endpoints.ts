// What each endpoint of ./routes.ts takes and answers, and its line on the OpenAPI page.
import {
  newSupportMessageBodySchema,
  supportListQuerySchema,
  supportSummarySchema,
  supportTicketSchema,
  ticketPageSchema,
  updateTicketBodySchema,
} from './schemas';
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
    summary:
      'One page of the caller’s tickets, or of every ticket for admins (newest first), as summaries',
    query: supportListQuerySchema,
    response: ticketPageSchema,
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
