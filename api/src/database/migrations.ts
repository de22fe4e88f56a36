import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

/**
 * One-time changes to stored data, each done once for the database (a marker in `migrations`),
 * not at every start of every instance. Instances starting together may both run one; each
 * migration is written to be safe twice.
 */
@Injectable()
export class Migrations {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  /** Runs `work` unless the database has it done; answers whether it ran. */
  async runOnce(name: string, work: () => Promise<void>): Promise<boolean> {
    const markers = this.connection.collection<{ _id: string; doneAt: Date }>('migrations');
    if (await markers.findOne({ _id: name })) return false;
    await work();
    await markers.updateOne(
      { _id: name },
      { $setOnInsert: { doneAt: new Date() } },
      { upsert: true },
    );
    return true;
  }
}
