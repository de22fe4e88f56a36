import { createHash } from 'node:crypto';
import type { mongo } from 'mongoose';

/**
 * Every document of every collection of `db`, as one hash per collection: equal snapshots taken
 * before and after some requests prove they changed nothing.
 */
export async function databaseSnapshot(db: mongo.Db): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const { name } of await db.listCollections().toArray()) {
    const rows = await db.collection(name).find().sort({ _id: 1 }).toArray();
    hashes[name] = createHash('sha256').update(JSON.stringify(rows)).digest('hex');
  }
  return hashes;
}
