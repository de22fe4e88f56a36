import type { Model, Types } from 'mongoose';
import { mongo } from 'mongoose';
import type { DocumentNumber, NumberSeries } from './schemas/document-number.schema';

/** Calls racing for one year's next number each take one; this many tries is far past any race. */
const MAX_ATTEMPTS = 100;

export interface IssuedNumber {
  number: string;
  issuedAt: Date;
}

/**
 * Gap-free numbering per series and year, shared by every API instance: the next number is
 * inserted as a document whose `_id` is the number, so of two instances giving the same one, one
 * insert fails and that call takes the one after. A number is kept with what it numbers (unique),
 * so numbering the same invoice again, from a retry or the recovery sweep, answers the same one.
 * Nothing ever removes a number.
 */
export class DocumentNumbers {
  constructor(private readonly numbers: Model<DocumentNumber>) {}

  async numberFor(
    series: NumberSeries,
    orderId: Types.ObjectId,
    subject: string,
    at: Date,
  ): Promise<IssuedNumber> {
    const year = at.getUTCFullYear();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const given = await this.numbers.findOne({ series, orderId, subject }).lean<DocumentNumber>();
      if (given) return { number: given._id, issuedAt: given.issuedAt };
      const last = await this.numbers
        .findOne({ series, year })
        .sort({ sequence: -1 })
        .select({ sequence: 1 })
        .lean<Pick<DocumentNumber, 'sequence'>>();
      const sequence = (last?.sequence ?? 0) + 1;
      const number = `${series}-${year}-${String(sequence).padStart(6, '0')}`;
      try {
        await this.numbers.create({
          _id: number,
          series,
          year,
          sequence,
          orderId,
          subject,
          issuedAt: at,
        });
        return { number, issuedAt: at };
      } catch (error) {
        // The number went to another call, or this subject got one meanwhile: look again.
        if (!(error instanceof mongo.MongoServerError && error.code === 11000)) throw error;
      }
    }
    throw new Error(`No ${series} number could be given to order ${orderId.toHexString()}`);
  }
}
