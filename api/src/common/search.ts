import { trusted } from 'mongoose';

/**
 * A filter value matching text that contains `q`, any case. The typed text is literal: `.` or
 * `(` match themselves. trusted(): the connection sanitises operators in filters; this one is ours.
 */
export function containsText(q: string) {
  return trusted({ $regex: q.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), $options: 'i' });
}
