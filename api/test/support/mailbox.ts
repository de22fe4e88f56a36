import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { mongo } from 'mongoose';

/** One message the API sent, as a mail client reads it. */
interface ReadMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Every message the API has written to its mail directory (MAIL_DIR, no SMTP in tests). */
async function mailbox(dir: string): Promise<ReadMail[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.eml'));
  return Promise.all(
    names.map(async (name) => {
      const parsed = await simpleParser(await readFile(join(dir, name)));
      const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
      return {
        to: to?.value[0]?.address ?? '',
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        html: typeof parsed.html === 'string' ? parsed.html : '',
      };
    }),
  );
}

/**
 * The messages matching `match` once `count` of them are there (sending is not awaited by the
 * request that causes it) and `settled` says no other copy can still be sent (an order's mail
 * state, say): a count checked then is the final one, on any machine.
 */
export async function awaitMail(
  dir: string,
  match: (mail: ReadMail) => boolean,
  count = 1,
  settled: () => Promise<boolean> = async () => true,
): Promise<ReadMail[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = (await mailbox(dir)).filter(match);
    if (found.length >= count && (await settled())) return found;
    if (Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * An order's message of `kind` is sent and no other send can start: `sentAt` is set, and
 * nothing is owed (`dueAt`) or being sent (`claimedUntil`). A new send needs `dueAt`.
 */
export const orderMailSettled =
  (db: mongo.Db, orderId: string, kind: 'receipt' | 'refund') => async (): Promise<boolean> => {
    const order = await db.collection('orders').findOne({ _id: new mongo.ObjectId(orderId) });
    const state = (order?.mail as Record<string, Record<string, unknown>> | undefined)?.[kind];
    return Boolean(state?.sentAt) && !state?.dueAt && !state?.claimedUntil;
  };
