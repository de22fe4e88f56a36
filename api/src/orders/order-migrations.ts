import type { Model } from 'mongoose';
import { trusted, Types } from 'mongoose';
import type { Order } from './schemas/order.schema';

// What orders written by earlier versions get at start-up. Each is idempotent and safe on several
// instances at once: only orders without the field are touched.

/** Paid orders get the day they were paid (from PayPal's capture time), for the statistics. */
export async function adoptPaidAt(model: Model<Order>): Promise<void> {
  const unset = model
    .find({
      paidAt: trusted({ $exists: false }),
      captureTime: trusted({ $exists: true }),
    })
    .select({ captureTime: 1, updatedAt: 1 })
    .lean<{ _id: Types.ObjectId; captureTime?: string; updatedAt: Date }[]>()
    .cursor();
  for await (const order of unset) {
    const captured = order.captureTime ? new Date(order.captureTime) : order.updatedAt;
    const paidAt = Number.isNaN(captured.getTime()) ? order.updatedAt : captured;
    await model.updateOne(
      { _id: order._id, paidAt: trusted({ $exists: false }) },
      { $set: { paidAt } },
      { timestamps: false },
    );
  }
}

/**
 * Orders placed before orders carried their buyer's record id get it, from the record their
 * e-mail belongs to now (order-owners.migration.ts runs it once for the database). An order
 * whose address has no record stays without an owner: only admins see it. Answers how many
 * orders got one.
 */
export async function adoptOwners(
  model: Model<Order>,
  recordOfEmail: (email: string) => Promise<string | null>,
): Promise<number> {
  const emails: string[] = await model.distinct('customerEmail', {
    customerId: trusted({ $exists: false }),
  });
  let adopted = 0;
  for (const email of emails) {
    const userId = await recordOfEmail(email);
    if (!userId) continue;
    const result = await model.updateMany(
      { customerEmail: email, customerId: trusted({ $exists: false }) },
      { $set: { customerId: new Types.ObjectId(userId) } },
      { timestamps: false },
    );
    adopted += result.modifiedCount;
  }
  return adopted;
}
