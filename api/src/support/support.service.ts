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
  supportListQuerySchema,
  ticketStatus,
  type SupportSummary,
  type SupportTicket as SupportTicketRecord,
  type TicketPage,
  type UpdateTicketBody,
} from '@coldmail/contracts';
import { Model, Types, trusted } from 'mongoose';
import type { z } from 'zod';
import type { AuthContext } from '../auth/auth-context';
import { AuditService } from '../audit/audit.service';
import { containsText } from '../common/search';
import { MailerService } from '../messages/mailer.service';
import { UsersService } from '../users/users.service';
import { SupportTicket, type SupportTicketData } from './schemas/support-ticket.schema';
import { plain, ticketFrom, type NewTicket } from './ticket-fields';
import {
  isAdmin,
  SUMMARY_FIELDS,
  toTicketRecord,
  toTicketSummary,
  type TicketSummaryData,
} from './ticket-records';
import { TicketReplyMail } from './ticket-reply-mail';

/**
 * How many tickets one account, or one address on the contact form, may open per hour (the per-IP
 * limit is the throttler's).
 */
const TICKETS_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

type ListQuery = z.output<typeof supportListQuerySchema>;

/** Told when a reply would take a ticket past its bounds. */
const CONVERSATION_FULL =
  'This conversation has reached its length limit. Please open a new ticket to write more.';

/**
 * The caller's tickets: those their account opened, and, for an address they proved is theirs,
 * the contact form's sent under it while signed out (never an unverified address's: anyone may
 * type any address into the contact form). Null without a user record: none yet.
 */
function ownTicketsFilter(caller: AuthContext) {
  if (!caller.user) return null;
  // An aggregation's filter is not cast by the schema.
  const opened = { userId: new Types.ObjectId(caller.user._id) };
  if (!caller.emailVerified) return opened;
  return { $or: [opened, { userId: null, ticketUserEmail: caller.email }] };
}

const isAuthor = (caller: AuthContext, ticket: SupportTicketData) =>
  !!caller.user &&
  (ticket.userId
    ? ticket.userId.equals(caller.user._id)
    : caller.emailVerified && ticket.ticketUserEmail === caller.email);

/**
 * Support tickets: the visitor's contact form, the user's tickets and the admin inbox. Who may
 * read or write a ticket comes from the token; the conversation only ever grows, one entry per
 * call, and each entry's sender is the caller.
 */
@Injectable()
export class SupportService implements OnModuleInit {
  private readonly logger = new Logger(SupportService.name);
  /** The e-mail to a ticket's author when an admin replies (ticket-reply-mail.ts). */
  private readonly replyMail: TicketReplyMail;

  constructor(
    @InjectModel(SupportTicket.name) private readonly tickets: Model<SupportTicket>,
    private readonly mailer: MailerService,
    private readonly audit: AuditService,
    private readonly users: UsersService,
  ) {
    this.replyMail = new TicketReplyMail(users, mailer, this.logger);
  }

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
    const ticket = ticketFrom(caller, body);

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
      : ownTicketsFilter(caller);
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
      if (reply) await this.replyMail.notifyUser(updated, reply);
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

  /** Every ticket of the caller's (ownTicketsFilter), whole, newest first (their data export). */
  async ownTickets(caller: AuthContext): Promise<SupportTicketRecord[]> {
    const own = ownTicketsFilter(caller);
    if (!own) return [];
    const tickets = await this.tickets
      .find(own)
      .sort({ createdAt: -1, _id: -1 })
      .lean<SupportTicketData[]>();
    return tickets.map((ticket) => toTicketRecord(ticket, caller));
  }

  /**
   * A user deleting their account: the contact form's tickets under their verified address
   * become the account's, so that they go with it (removeAllOf).
   */
  async adoptContactTickets(userId: string, email: string): Promise<void> {
    await this.tickets.updateMany(
      { userId: null, ticketUserEmail: email },
      { $set: { userId: new Types.ObjectId(userId) } },
      { timestamps: false },
    );
  }

  /** A user deleted their account: its tickets go, conversations and all. */
  async removeAllOf(userId: string): Promise<void> {
    await this.tickets.deleteMany({ userId: new Types.ObjectId(userId) });
  }

  private async findVisible(caller: AuthContext, id: string): Promise<SupportTicketData> {
    const ticket = await this.tickets.findById(id).lean<SupportTicketData>();
    // Someone else's ticket is answered like a missing one: its existence is not theirs to know.
    if (!ticket || (!isAdmin(caller) && !isAuthor(caller, ticket))) {
      throw new NotFoundException('Ticket not found');
    }
    return ticket;
  }
}
