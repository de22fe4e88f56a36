import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Health } from '@coldmail/contracts';
import type { Connection } from 'mongoose';
import { FirebaseAuthService } from '../auth/firebase-auth.service';

const PING_TIMEOUT_MS = 1000;
const PING_CACHE_MS = 1000;

@Injectable()
export class HealthService {
  private lastPing: { at: number; up: Promise<boolean> } | null = null;
  private draining = false;

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly firebaseAuth: FirebaseAuthService,
  ) {}

  /** The process is shutting down: readiness says so, so load balancers stop sending to it. */
  startDraining(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async check(): Promise<Health> {
    const [database, auth] = await Promise.all([
      this.isDatabaseUp(),
      this.firebaseAuth.isReachable(),
    ]);
    return {
      status: database && auth ? 'ok' : 'degraded',
      database: database ? 'up' : 'down',
      auth: auth ? 'up' : 'down',
    };
  }

  /**
   * A ping at most once per second, shared by concurrent checks: the answer stays fresh enough
   * for a load balancer, and a burst of health checks cannot load the database.
   */
  private isDatabaseUp(): Promise<boolean> {
    if (!this.lastPing || Date.now() - this.lastPing.at >= PING_CACHE_MS) {
      this.lastPing = { at: Date.now(), up: this.pingDatabase() };
    }
    return this.lastPing.up;
  }

  private async pingDatabase(): Promise<boolean> {
    const db = this.connection.db;
    if (!db || this.connection.readyState !== 1) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
    });
    try {
      const ping = db.command({ ping: 1 }).then(
        () => true,
        () => false,
      );
      return await Promise.race([ping, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
