import type { Logger } from '@nestjs/common';
import type { MailerService } from '../messages/mailer.service';
import { SupportReplyMail } from '../messages/templates/notices';
import { renderMail } from '../messages/templates/render';
import type { UsersService } from '../users/users.service';
import type { SupportTicketData } from './schemas/support-ticket.schema';

/** The e-mail that tells a ticket's author an admin replied. */
export class TicketReplyMail {
  constructor(
    private readonly users: UsersService,
    private readonly mailer: MailerService,
    private readonly logger: Logger,
  ) {}

  /**
   * The admin's reply by e-mail (an .eml file in development), to whoever the ticket gives as its
   * address. A failure is logged, not fatal.
   */
  async notifyUser(ticket: SupportTicketData, reply: string): Promise<void> {
    // A contact-form ticket was sent signed out: its sender answers the way they wrote (the
    // owner of its verified address also finds it on their account's Support page).
    const howToAnswer = ticket.userId
      ? 'You can answer from the Support page of your account.'
      : 'You can answer by sending us another message from our contact form.';
    try {
      // A user's ticket follows their account to its current address.
      const to = await this.users.addresses.mailAddressOf(ticket.userId, ticket.ticketUserEmail);
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
