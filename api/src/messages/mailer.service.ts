import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/**
 * Sends mail over SMTP (SMTP_URL). Without SMTP settings, as in development, each message is
 * written as an .eml file under MAIL_DIR instead, which any mail client can open.
 */
@Injectable()
export class MailerService implements OnModuleDestroy {
  private readonly logger = new Logger(MailerService.name);
  private readonly transport: Transporter;

  /** Where links in a message point: the site buyers use. */
  readonly siteUrl: string;

  constructor(@InjectConfig() private readonly config: AppConfig) {
    this.siteUrl = config.mail.siteUrl;
    this.transport = config.mail.smtpUrl
      ? createTransport(config.mail.smtpUrl)
      : createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(mail: OutgoingMail): Promise<void> {
    const info = await this.transport.sendMail({ from: this.config.mail.from, ...mail });
    if (this.config.mail.smtpUrl) return;
    // streamTransport with buffer: true hands back the whole RFC 822 message.
    const message = (info as { message?: unknown }).message;
    if (!Buffer.isBuffer(message)) throw new Error('The mail stream transport returned no message');
    await mkdir(this.config.mail.dir, { recursive: true });
    const file = join(
      this.config.mail.dir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
    );
    await writeFile(file, message);
    this.logger.log(`Mail to ${mail.to} written to ${file}`);
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
