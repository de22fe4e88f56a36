import {
  BadRequestException,
  ConflictException,
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
  NotFoundException,
  OnModuleInit,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  MAX_TICKET_CONVERSATION_BYTES,
  MAX_TICKET_ENTRIES,
  MAX_TICKET_ENTRY_BYTES,
  TICKET_PREVIEW_LENGTH,
  newSupportMessageBodySchema,
  supportListQuerySchema,
  ticketStatus,
  type SupportSummary,
  type SupportTicket as SupportTicketRecord,
  type TicketPage,
  type TicketSummary,
  type UpdateTicketBody,
} from '@coldmail/contracts';
import { Model, Types, trusted } from 'mongoose';
import type { z } from 'zod';
import type { AuthContext } from '../auth/auth-context';
import { AuditService } from '../audit/audit.service';
import { plainText } from '../common/plain-text';
import { containsText } from '../common/search';
import { MailerService } from '../messages/mailer.service';
import { UsersService } from '../users/users.service';
import { SupportTicket, type SupportTicketData } from './schemas/support-ticket.schema';
import { SupportReplyMail } from '../messages/templates/notices';
import { renderMail } from '../messages/templates/render';

/**
 * How many tickets one account, or one address on the contact form, may open per hour (the per-IP
 * limit is the throttler's).
 */
const TICKETS_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

type NewTicket = z.output<typeof newSupportMessageBodySchema>;
type ListQuery = z.output<typeof supportListQuerySchema>;

/** Told when a reply would take a ticket past its bounds. */
const CONVERSATION_FULL =
  'This conversation has reached its length limit. Please open a new ticket to write more.';

/**
 * What a list reads of a ticket: everything but the conversation's texts, which only the newest
 * entry's is taken of (a ticket holds up to 64 KB of them; a page of lists must not).
 */
const SUMMARY_FIELDS = {
  subject: 1,
  message: { $substrCP: ['$message', 0, TICKET_PREVIEW_LENGTH] },
  createdAt: 1,
  updatedAt: 1,
  ticketStatus: 1,
  priority: 1,
  ticketUserName: 1,
  ticketUserEmail: 1,
  ticketUserProfileURL: 1,
  ticketUserRole: 1,
  unreadByAdmin: 1,
  unreadByUser: 1,
  entryCount: { $add: [1, { $size: '$adminMessage' }] },
  lastReply: { $arrayElemAt: ['$adminMessage', -1] },
};

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

const isAdmin = (caller: AuthContext | null) => caller?.user?.userRole === 'Admin';

/**
 * A user's tickets are those their account opened. A contact-form ticket only carries an address
 * someone typed, so it belongs to no account, even one with that address.
 */
const isAuthor = (caller: AuthContext, ticket: SupportTicketData) =>
  !!caller.user && !!ticket.userId && ticket.userId.equals(caller.user._id);

/**
 * Support tickets: the visitor's contact form, the user's tickets and the admin inbox. Who may
 * read or write a ticket comes from the token; the conversation only ever grows, one entry per
 * call, and each entry's sender is the caller.
 */
@Injectable()
export class SupportService implements OnModuleInit {
  private readonly logger = new Logger(SupportService.name);

  constructor(
    @InjectModel(SupportTicket.name) private readonly tickets: Model<SupportTicket>,
    private readonly mailer: MailerService,
    private readonly audit: AuditService,
    private readonly users: UsersService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.tickets.init();
  }

  /**
   * A new open ticket. A signed-in author is described by their record, never by the body. The
   * spec creates every new support message with ticketUserRole 'user'; who sent it is ours to
   * keep: a contact-form message from a visitor has no userId.
   */
  async create(caller: AuthContext | null, body: NewTicket): Promise<SupportTicketRecord> {
    // A person never sees the honeypot field, so a value means a bot filled in the form.
    if (body.website) throw new BadRequestException('Your message could not be sent.');
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

    // An account's limit counts its own tickets, a visitor's the contact form's under that
    // address: anyone may type someone's address into the contact form, and that must not use up
    // the account's tickets.
    const recent = await this.tickets.countDocuments({
      ...(ticket.userId
        ? { userId: ticket.userId }
        : { ticketUserEmail: ticket.ticketUserEmail, userId: null }),
      createdAt: trusted({ $gte: new Date(Date.now() - HOUR_MS) }),
    });
    if (recent >= TICKETS_PER_HOUR) {
      throw new HttpException(
        ticket.userId
          ? 'Too many tickets in the last hour. Please try again later.'
          : 'Too many messages from this address. Please try again later.',
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    const created = await this.tickets.create({
      ...ticket,
      ticketStatus: ticketStatus.open,
      unreadByAdmin: true,
    });
    return toTicketRecord(created.toObject<SupportTicketData>(), caller);
  }

  /**
   * One page of tickets as summaries, newest first: a user's own whatever the query; an admin's
   * inbox, or the tickets under one address (contact-form ones included).
   */
  async list(caller: AuthContext, query: ListQuery): Promise<TicketPage> {
    const { page, pageSize } = query;
    const owner = isAdmin(caller)
      ? {
          ...(query.userEmail ? { ticketUserEmail: query.userEmail } : {}),
          ...(query.email ? { ticketUserEmail: containsText(query.email) } : {}),
        }
      : caller.user
        ? // An aggregation's filter is not cast by the schema.
          { userId: new Types.ObjectId(caller.user._id) }
        : null;
    // Without a user record the caller has opened no ticket yet.
    if (!owner) return { items: [], total: 0, page, pageSize };
    const filter = {
      ...owner,
      ...(query.status ? { ticketStatus: query.status } : {}),
      ...(query.from || query.to
        ? {
            createdAt: trusted({
              ...(query.from ? { $gte: new Date(query.from) } : {}),
              ...(query.to ? { $lt: new Date(query.to) } : {}),
            }),
          }
        : {}),
    };
    const [summaries, total] = await Promise.all([
      this.tickets
        .aggregate<TicketSummaryData>([
          { $match: filter },
          { $sort: { createdAt: -1, _id: -1 } },
          { $skip: (page - 1) * pageSize },
          { $limit: pageSize },
          { $project: SUMMARY_FIELDS },
        ])
        .exec(),
      this.tickets.countDocuments(filter),
    ]);
    return {
      items: summaries.map((summary) => toTicketSummary(summary, caller)),
      total,
      page,
      pageSize,
    };
  }

  /** Its user or an admin (404 for anyone else); opening it marks it read for that side. */
  async open(caller: AuthContext, id: string): Promise<SupportTicketRecord> {
    const ticket = await this.findVisible(caller, id);
    const seen = isAdmin(caller) ? { unreadByAdmin: false } : { unreadByUser: false };
    const updated = await this.tickets
      .findByIdAndUpdate(ticket._id, { $set: seen }, { returnDocument: 'after', timestamps: false })
      .lean<SupportTicketData>();
    return toTicketRecord(updated ?? ticket, caller);
  }

  /**
   * A reply and/or (admins) a status. The body's conversation is the spec's whole list: only its
   * last entry is new, and only if the list is longer than the stored one. A user's reply makes
   * the ticket in-progress; a closed ticket takes no admin reply (409). A ticket holds at most
   * MAX_TICKET_ENTRIES replies and MAX_TICKET_CONVERSATION_BYTES of them: a reply past either is
   * refused (409) and changes nothing, checked in the update's filter so that concurrent replies
   * cannot pass it together.
   */
  async update(
    caller: AuthContext,
    id: string,
    body: UpdateTicketBody,
  ): Promise<SupportTicketRecord> {
    const ticket = await this.findVisible(caller, id);
    const admin = isAdmin(caller);
    const sent = body.adminMessage ?? [];
    const reply =
      sent.length > ticket.adminMessage.length ? plain(sent[sent.length - 1]?.message ?? '') : '';
    const newStatus = admin ? body.ticketStatus : undefined;
    if (!reply && !newStatus) {
      throw new BadRequestException('Type a reply before sending.');
    }
    const statusAfter = newStatus ?? ticket.ticketStatus;
    if (reply && admin && statusAfter === ticketStatus.closed) {
      throw new ConflictException('This ticket is closed. Reopen it to reply.');
    }

    const replyBytes = Buffer.byteLength(reply);
    if (replyBytes > MAX_TICKET_ENTRY_BYTES) {
      throw new BadRequestException(`A reply must be at most ${MAX_TICKET_ENTRY_BYTES} bytes`);
    }
    const now = new Date();
    const update = {
      $set: {
        ...(newStatus ? { ticketStatus: newStatus } : {}),
        ...(reply && !admin
          ? { ticketStatus: ticketStatus.inProgress, unreadByAdmin: true, unreadByUser: false }
          : {}),
        ...(reply && admin ? { unreadByUser: true, unreadByAdmin: false } : {}),
      },
      ...(reply
        ? {
            $push: {
              adminMessage: {
                message: reply,
                timestamp: now,
                sender: admin ? 'admin' : 'user',
                by: caller.email,
              },
            },
            $inc: { conversationBytes: replyBytes },
          }
        : {}),
    };
    const roomForReply = reply
      ? {
          [`adminMessage.${MAX_TICKET_ENTRIES - 1}`]: trusted({ $exists: false }),
          // A ticket stored before the byte count was kept has none: its entries bound it.
          conversationBytes: trusted({ $not: { $gt: MAX_TICKET_CONVERSATION_BYTES - replyBytes } }),
        }
      : {};
    const updated = await this.tickets
      .findOneAndUpdate({ _id: ticket._id, ...roomForReply }, update, {
        returnDocument: 'after',
      })
      .lean<SupportTicketData>();
    if (!updated) {
      if (reply && (await this.tickets.exists({ _id: ticket._id }))) {
        throw new ConflictException(CONVERSATION_FULL);
      }
      throw new NotFoundException('Ticket not found');
    }

    if (admin) {
      await this.audit.record(caller, {
        action: reply ? 'ticket.reply' : 'ticket.status',
        target: { kind: 'ticket', id, label: ticket.subject },
        before: { ticketStatus: ticket.ticketStatus },
        after: { ticketStatus: updated.ticketStatus, ...(reply ? { reply } : {}) },
      });
      if (reply) await this.notifyUser(updated, reply);
    }
    return toTicketRecord(updated, caller);
  }

  async summary(): Promise<SupportSummary> {
    const [total, open, inProgress, unread] = await Promise.all([
      this.tickets.countDocuments(),
      this.tickets.countDocuments({ ticketStatus: ticketStatus.open }),
      this.tickets.countDocuments({ ticketStatus: ticketStatus.inProgress }),
      this.tickets.countDocuments({ unreadByAdmin: true }),
    ]);
    return { total, open, inProgress, unread };
  }

  private async findVisible(caller: AuthContext, id: string): Promise<SupportTicketData> {
    const ticket = await this.tickets.findById(id).lean<SupportTicketData>();
    // Someone else's ticket is answered like a missing one: its existence is not theirs to know.
    if (!ticket || (!isAdmin(caller) && !isAuthor(caller, ticket))) {
      throw new NotFoundException('Ticket not found');
    }
    return ticket;
  }

  /**
   * The admin's reply by e-mail (an .eml file in development), to whoever the ticket gives as its
   * address. A failure is logged, not fatal.
   */
  private async notifyUser(ticket: SupportTicketData, reply: string): Promise<void> {
    // A contact-form ticket is in no account, so its sender answers the way they wrote.
    const howToAnswer = ticket.userId
      ? 'You can answer from the Support page of your account.'
      : 'You can answer by sending us another message from our contact form.';
    try {
      // A user's ticket follows their account to its current address.
      const to = await this.users.mailAddressOf(ticket.userId, ticket.ticketUserEmail);
      await this.mailer.send(
        renderMail(
          to,
          `Re: ${ticket.subject}`,
          SupportReplyMail({
            name: ticket.ticketUserName,
            subject: ticket.subject,
            reply,
            howToAnswer,
            siteUrl: this.mailer.siteUrl,
          }),
        ),
      );
    } catch (error) {
      this.logger.error(
        `Could not e-mail ${ticket.ticketUserEmail} about ticket ${ticket._id.toHexString()}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

/** Tickets are plain text: any markup is removed before it is stored. */
const plain = (value: string) => plainText(value).trim();

/** What a list's aggregation reads of a ticket (SUMMARY_FIELDS). */
type TicketSummaryData = Omit<SupportTicketData, 'adminMessage' | 'phone' | 'userId'> & {
  entryCount: number;
  lastReply?: { message: string; timestamp: Date; sender: 'admin' | 'user' };
};

const preview = (text: string) =>
  text.length > TICKET_PREVIEW_LENGTH ? `${text.slice(0, TICKET_PREVIEW_LENGTH - 1)}…` : text;

function toTicketSummary(ticket: TicketSummaryData, caller: AuthContext | null): TicketSummary {
  const last = ticket.lastReply ?? {
    message: ticket.message,
    timestamp: ticket.createdAt,
    sender: 'user' as const,
  };
  return {
    ...headerOf(ticket, caller),
    lastEntry: {
      message: preview(last.message),
      timestamp: last.timestamp.toISOString(),
      sender: last.sender,
    },
    entryCount: ticket.entryCount,
  };
}

/** What a ticket's summary and the whole ticket both say of it. */
function headerOf(
  ticket: Pick<
    SupportTicketData,
    | '_id'
    | 'subject'
    | 'createdAt'
    | 'updatedAt'
    | 'ticketStatus'
    | 'priority'
    | 'ticketUserName'
    | 'ticketUserEmail'
    | 'ticketUserProfileURL'
    | 'ticketUserRole'
    | 'unreadByAdmin'
    | 'unreadByUser'
  >,
  caller: AuthContext | null,
) {
  return {
    _id: ticket._id.toHexString(),
    subject: ticket.subject,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
    ticketStatus: ticket.ticketStatus,
    priority: ticket.priority,
    ticketUserName: ticket.ticketUserName,
    ticketUserEmail: ticket.ticketUserEmail,
    ticketUserProfileURL: ticket.ticketUserProfileURL ?? null,
    ticketUserRole: ticket.ticketUserRole,
    unread: isAdmin(caller) ? ticket.unreadByAdmin : ticket.unreadByUser,
  };
}

function toTicketRecord(
  ticket: SupportTicketData,
  caller: AuthContext | null,
): SupportTicketRecord {
  return {
    ...headerOf(ticket, caller),
    message: ticket.message,
    phone: ticket.phone ?? '',
    adminMessage: ticket.adminMessage.map((entry) => ({
      message: entry.message,
      timestamp: entry.timestamp.toISOString(),
      sender: entry.sender,
    })),
  };
}
