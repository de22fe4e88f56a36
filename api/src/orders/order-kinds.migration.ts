import { Logger } from '@nestjs/common';
import type { Model } from 'mongoose';
import { mongo, trusted } from 'mongoose';
import type { Order } from './schemas/order.schema';

/** Where item orders were kept before both kinds shared `orders`. */
const LEGACY_ITEM_ORDERS = 'itemOrders';

const logger = new Logger('OrderKinds');

/**
 * Brings orders written before both kinds shared one collection into it: a package order
 * without `kind` gets `kind: 'package'`; an item order in `itemOrders` moves to `orders` as
 * `kind: 'item'`. Safe on several instances at once and run at every start and by the recovery
 * sweep, so an order an instance of the earlier version writes during a rolling upgrade arrives
 * too. An item order is copied, then removed only if nobody changed it meanwhile (the filter is
 * the whole document as copied); one changed in between is copied again by the next run.
 * Answers how many orders it brought in.
 */
export async function adoptOrderKinds(model: Model<Order>): Promise<number> {
  const packages = await model.collection.updateMany(
    { kind: trusted({ $exists: false }) },
    { $set: { kind: 'package' } },
  );
  const legacy = model.db.collection(LEGACY_ITEM_ORDERS);
  let moved = 0;
  for await (const order of legacy.find({})) {
    try {
      await model.collection.replaceOne(
        { _id: order._id },
        { ...order, kind: 'item' },
        { upsert: true },
      );
    } catch (error) {
      // Its code names another order already (36^8 codes: all but impossible). It stays
      // where it is, said in the log every run, for an operator to settle.
      if (error instanceof mongo.MongoServerError && error.code === 11000) {
        logger.error(
          `Item order ${String(order.orderId)} (${String(order._id)}) was not moved: ${error.message}`,
        );
        continue;
      }
      throw error;
    }
    const removed = await legacy.deleteOne(order);
    if (removed.deletedCount === 1) moved += 1;
  }
  const adopted = packages.modifiedCount + moved;
  if (adopted > 0) {
    logger.log(
      `${packages.modifiedCount} package order(s) marked, ${moved} item order(s) moved into orders`,
    );
  }
  return adopted;
}
