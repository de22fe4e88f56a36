import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import { AdminAccountsService } from './admin-accounts.service';

/** Retries while sign-in is still starting (npm start starts the emulator beside the API). */
const RETRY_EVERY_MS = 2_000;
const RETRY_FOR_MS = 120_000;

/**
 * ADMIN_EMAILS, at every start: each listed address's account is created and kept Admin (see
 * AdminAccountsService.bootstrap). The first attempt is awaited, so an API that answers has its
 * admins; if sign-in is not reachable yet, it is retried in the background and logged.
 */
@Injectable()
export class AdminBootstrapService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AdminBootstrapService.name);
  private stopping = false;

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly admins: AdminAccountsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const pending = [...this.config.adminEmails];
    if (pending.length === 0) return;
    const left = await this.attempt(pending);
    if (left.length > 0) void this.retry(left);
  }

  onApplicationShutdown(): void {
    this.stopping = true;
  }

  private async attempt(emails: string[]): Promise<string[]> {
    const failed: string[] = [];
    for (const email of emails) {
      await this.admins.bootstrap(email).catch((error: unknown) => {
        this.logger.warn(`ADMIN_EMAILS: ${email} not set up yet: ${String(error)}`);
        failed.push(email);
      });
    }
    return failed;
  }

  private async retry(emails: string[]): Promise<void> {
    const deadline = Date.now() + RETRY_FOR_MS;
    let left = emails;
    while (left.length > 0 && Date.now() < deadline && !this.stopping) {
      // Unref'd: a pending retry never keeps a stopping process alive.
      await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS).unref());
      if (this.stopping) return;
      left = await this.attempt(left);
    }
    if (left.length > 0 && !this.stopping) {
      this.logger.error(`ADMIN_EMAILS: gave up on ${left.join(', ')}`);
    }
  }
}
