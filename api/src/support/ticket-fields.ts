import { BadRequestException } from '@nestjs/common';
import type { newSupportMessageBodySchema } from '@coldmail/contracts';
import type { z } from 'zod';
import type { AuthContext } from '../auth/auth-context';
import { plainText } from '../common/plain-text';

export type NewTicket = z.output<typeof newSupportMessageBodySchema>;

/** A ticket's text fields that must not be empty once filtered, each with its message. */
type RequiredFields = [
  field: 'subject' | 'message' | 'ticketUserName' | 'ticketUserEmail' | 'phone',
  message: string,
][];
/** What a ticket from the user area must say (their name and address come from their record). */
const REQUIRED_FROM_USER: RequiredFields = [
  ['subject', 'Subject is required'],
  ['message', 'Message is required'],
];
/**
 * The contact form's fields are all required: a visitor must also give a name, an e-mail and a
 * phone number (a signed-in caller's Create Ticket has no phone field).
 */
const REQUIRED_FROM_VISITOR: RequiredFields = [
  ...REQUIRED_FROM_USER,
  ['ticketUserName', 'Name is required'],
  ['ticketUserEmail', 'Email is required'],
  ['phone', 'Phone is required'],
];

/** Tickets are plain text: any markup is removed before it is stored. */
export const plain = (value: string) => plainText(value).trim();

/**
 * A new ticket's fields as they will be stored: a signed-in author is described by their record,
 * never by the body. Refused (400) when a field it must have is empty.
 */
export function ticketFrom(caller: AuthContext | null, body: NewTicket) {
  const ticket = {
    subject: plain(body.subject),
    message: plain(body.message),
    phone: plain(body.phone ?? ''),
    ...(caller?.user
      ? {
          // A display name is the user's own text, filtered like the rest of the ticket.
          ticketUserName: plain(caller.user.userName) || caller.user.userEmail,
          ticketUserEmail: caller.user.userEmail,
          ticketUserProfileURL: caller.user.profileURL,
          ticketUserRole: 'user',
          userId: caller.user._id,
        }
      : {
          ticketUserName: plain(body.ticketUserName ?? ''),
          ticketUserEmail: body.ticketUserEmail ?? '',
          ticketUserProfileURL: null,
          ticketUserRole: 'user',
          userId: null,
        }),
  };
  // Checked as they will be stored: markup alone is no subject, no name and no phone number.
  const required = ticket.userId ? REQUIRED_FROM_USER : REQUIRED_FROM_VISITOR;
  const missing = required.filter(([field]) => !ticket[field]);
  if (missing.length > 0) {
    throw new BadRequestException({
      statusCode: 400,
      message: 'Validation failed',
      fieldErrors: Object.fromEntries(missing),
    });
  }
  return ticket;
}
