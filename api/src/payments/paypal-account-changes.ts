import { Injectable, Logger } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthContext } from '../auth/auth-context';
import { MailerService } from '../messages/mailer.service';
import { PaypalAccountChangeMail } from '../messages/templates/notices';
import { renderMail } from '../messages/templates/render';
import { UsersService } from '../users/users.service';
import type { PaypalAccount } from './paypal-settings.service';

const ACCOUNT_FIELDS: { key: keyof PaypalAccount; label: string }[] = [
  { key: 'clientId', label: 'client ID' },
  { key: 'secret', label: 'client secret' },
  { key: 'mode', label: 'mode' },
];

/** Who is told when the PayPal account payments go to changes, and what they are told. */
@Injectable()
export class PaypalAccountChanges {
  private readonly logger = new Logger(PaypalAccountChanges.name);

  constructor(
    private readonly users: UsersService,
    private readonly mailer: MailerService,
    private readonly audit: AuditService,
  ) {}

  /**
   * A change of the account payments go to (client id, secret or mode) is announced to every
   * admin by e-mail and written to the audit log: money could be redirected by it, so no admin
   * should learn of it by chance. Nothing is announced when none of the three changed.
   */
  async announce(admin: AuthContext, before: PaypalAccount, after: PaypalAccount): Promise<void> {
    const changed = ACCOUNT_FIELDS.filter((field) => before[field.key] !== after[field.key]);
    if (changed.length === 0) return;
    const what = changed.map((field) => field.label).join(', ');
    await this.audit.record(admin, {
      action: 'settings.paypal.account-change',
      target: { kind: 'settings', label: 'PayPal' },
      before: { clientId: before.clientId, mode: before.mode },
      after: { clientId: after.clientId, mode: after.mode, changed: changed.map((f) => f.key) },
    });
    const admins = await this.users.directory.listAdmins();
    const at = new Date().toISOString();
    const paragraphs = [
      `${admin.email} changed the PayPal ${what} on ColdMail AI at ${at}.`,
      `Payments now go to the PayPal app with client ID ${after.clientId || '(none)'}, in ` +
        `${after.mode} mode.`,
      'If you did not expect this change, check Settings › PayPal and the audit log now.',
    ];
    await Promise.all(
      admins.map(async (recipient) => {
        try {
          await this.mailer.send(
            renderMail(
              recipient.userEmail,
              'The PayPal account of ColdMail AI was changed',
              PaypalAccountChangeMail({ paragraphs, siteUrl: this.mailer.siteUrl }),
            ),
          );
        } catch (error) {
          this.logger.error(
            `The PayPal change notice to ${recipient.userEmail} was not sent: ${String(error)}`,
          );
        }
      }),
    );
  }
}
