import { Injectable, NotFoundException } from '@nestjs/common';
import type { SendMessageBody } from '@coldmail/contracts';
import sanitizeHtml from 'sanitize-html';
import { AuditService } from '../audit/audit.service';
import type { AuthContext } from '../auth/auth-context';
import { UsersService } from '../users/users.service';
import { MailerService } from './mailer.service';
import { AdminMessageMail } from './templates/notices';
import { renderMail } from './templates/render';

/** What an admin's message may contain: ordinary formatting, links and images, no scripts. */
const ALLOWED_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    img: ['src', 'alt', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
};

/** Admin → user messages: e-mailed to the user and kept on their record. */
@Injectable()
export class MessagesService {
  constructor(
    private readonly users: UsersService,
    private readonly mailer: MailerService,
    private readonly audit: AuditService,
  ) {}

  async send(sender: AuthContext, message: SendMessageBody): Promise<void> {
    const recipient = await this.users.findByEmail(message.toEmail);
    if (!recipient) throw new NotFoundException('No user with this email address');

    const html = sanitizeMessageHtml(message.messageBody);
    await this.mailer.send(
      renderMail(
        await this.users.addresses.mailAddressOf(recipient._id, recipient.userEmail),
        message.subject,
        AdminMessageMail({ subject: message.subject, html, siteUrl: this.mailer.siteUrl }),
      ),
    );
    // Logged after sending: the log lists messages the user was actually sent. A user deleted
    // in between simply has no record to append to.
    await this.users.appendMessageLog(recipient.userEmail, {
      subject: message.subject,
      messageBody: html,
      sentAt: new Date(),
      sentBy: sender.email,
    });
    await this.audit.record(sender, {
      action: 'user.message',
      target: { kind: 'user', id: recipient._id, label: recipient.userEmail },
      after: { subject: message.subject, messageBody: html },
    });
  }
}

export function sanitizeMessageHtml(html: string): string {
  return sanitizeHtml(html, ALLOWED_HTML);
}
