import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { AccountService } from '../account/account.service';
import { InjectConfig } from '../config/config.module';
import { CreditsService } from '../credits/credits.service';
import { GeneratorService } from '../generator/generator.service';
import { OrdersService } from '../orders/orders.service';
import { FulfilmentService } from '../payments/fulfilment.service';
import { StatsService } from '../stats/stats.service';
import { LeasesService } from './leases.service';

/** Work left half done is only touched once it is this old: calls under way finish their own. */
const SETTLE_MS = 2 * 60_000;
/** How far back abandoned generations are looked for. */
const LOOK_BACK_MS = 7 * 24 * 60 * 60_000;

/**
 * Finishes, every RECOVERY_SWEEP_SECONDS and on one API instance at a time (a lease in the
 * database), what a stopped process or a failed step left half done, without waiting for a
 * restart: paid orders not yet credited, refunds and reversals whose credits were not taken
 * back, credit changes left between their steps, generations whose credit was taken but whose
 * email never reached its reader, and accounts whose owners' deletion stopped midway; and it
 * removes orders left unpaid for PENDING_ORDER_DAYS. Each step is idempotent, so a sweep that
 * stops half-way is finished by the next.
 */
@Injectable()
export class RecoverySweepService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RecoverySweepService.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly leases: LeasesService,
    private readonly fulfilment: FulfilmentService,
    private readonly credits: CreditsService,
    private readonly generator: GeneratorService,
    private readonly stats: StatsService,
    private readonly orders: OrdersService,
    private readonly account: AccountService,
  ) {}

  onApplicationBootstrap(): void {
    const everyMs = this.config.recoverySweepMs;
    if (everyMs <= 0) return;
    this.timer = setInterval(() => {
      this.running = this.runOnce().catch((error: unknown) => {
        this.logger.error(`Recovery sweep failed: ${String(error)}`);
      });
    }, everyMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** One sweep, if no other instance is sweeping; answers whether this one did. */
  runOnce(now = Date.now()): Promise<boolean> {
    return this.leases.runExclusive('recovery-sweep', 10 * 60_000, () => this.sweep(now));
  }

  private async sweep(now: number): Promise<void> {
    const settled = new Date(now - SETTLE_MS);
    // Orders an instance of the earlier version wrote during a rolling upgrade (see
    // order-kinds.migration.ts), before anything below reads them.
    await this.orders.adoptEarlierOrders();
    await this.credits.recover(settled);
    await this.fulfilment.recover();
    await this.generator.refundAbandoned(new Date(now - LOOK_BACK_MS), settled);
    const deleted = await this.account.finishDeletions(settled);
    if (deleted > 0)
      this.logger.warn(`Finished deleting ${deleted} account(s) their owners deleted`);
    // Orders left unpaid for PENDING_ORDER_DAYS: no PayPal order made that long ago can still pay.
    const unpaidSince = new Date(now - this.config.pendingOrderMs);
    const expired = await this.orders.expirePending(unpaidSince);
    // The promo code uses of orders gone (those just expired, and any whose release a stopped
    // process left undone) go back to their codes.
    const released = await this.orders.releaseAbandonedPromoCodeUses(settled);
    // The back office's totals, counted afresh (see order-totals.ts).
    await this.orders.totals.recount();
    if (expired > 0)
      this.logger.log(`Removed ${expired} orders left unpaid since ${unpaidSince.toISOString()}`);
    if (released > 0) this.logger.log(`Gave back ${released} promo code uses of orders gone`);
    // Not recovery, but the same once-at-a-time slot: the dashboard's past days kept ready.
    await this.stats.keepPastDays(now);
  }
}
