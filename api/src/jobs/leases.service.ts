import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { Connection, mongo } from 'mongoose';

interface Lease {
  _id: string;
  holder: string;
  until: Date;
}

/**
 * Leases in MongoDB, so that a periodic job runs on one API instance at a time however many run:
 * the instance that holds a job's lease runs it, the others skip that turn. A lease lapses on its
 * own (`until`), so a holder that stops never blocks the job for longer than the lease.
 */
@Injectable()
export class LeasesService {
  /** This process, as lease holders are named. */
  readonly holder = randomUUID();

  constructor(@InjectConnection() private readonly connection: Connection) {}

  /**
   * Runs `job` if this instance gets the lease `name` for `ttlMs` (released when it ends);
   * answers whether it ran.
   */
  async runExclusive(name: string, ttlMs: number, job: () => Promise<void>): Promise<boolean> {
    if (!(await this.acquire(name, ttlMs))) return false;
    try {
      await job();
    } finally {
      await this.leases()
        .updateOne({ _id: name, holder: this.holder }, { $set: { until: new Date(0) } })
        .catch(() => undefined);
    }
    return true;
  }

  private async acquire(name: string, ttlMs: number): Promise<boolean> {
    const now = new Date();
    try {
      // Matches a lapsed lease (taken over) or none (inserted); a live one makes the insert
      // collide with its _id.
      await this.leases().updateOne(
        { _id: name, until: { $lte: now } },
        { $set: { holder: this.holder, until: new Date(now.getTime() + ttlMs) } },
        { upsert: true },
      );
      return true;
    } catch (error) {
      if (error instanceof mongo.MongoServerError && error.code === 11000) return false;
      throw error;
    }
  }

  private leases(): mongo.Collection<Lease> {
    return this.connection.collection<Lease>('leases');
  }
}
