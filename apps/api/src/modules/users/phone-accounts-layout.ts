import { trusted } from 'mongoose';
import type { Connection } from 'mongoose';
import type { Logger } from '../../platform/logger';
import { UserModel } from './user.model';

/**
 * Brings users of the layout before phone sign-in into the present one, at start-up (index.ts,
 * before it listens); a run that finds nothing to do changes nothing.
 *
 * - `email` was required and its unique index not sparse, under which a second account without an
 *   email would collide with the first on MongoDB (a missing value is indexed as null). That index
 *   is dropped and built again as the schema says. A server that does not report `sparse` back
 *   (the embedded FerretDB, which never indexes a missing value) has it rebuilt at each start: a
 *   moment at development sizes.
 * - A phone verified in a profile before now has no `phoneKey`, so phone sign-in would not find
 *   its account: it is given one, unless another account's has the number (two accounts verified
 *   the same phone before the rule); that one keeps its phone and is logged, and signs in by email.
 */
export async function migratePhoneAccountsLayout(
  connection: Connection,
  logger: Logger,
): Promise<void> {
  // Mongoose's own index build at connection meets the old email index; its failure is handled
  // here rather than thrown at nobody.
  await UserModel.init().catch(() => undefined);
  const users = connection.collection('users');
  const indexes = await users.indexes().catch(() => []);
  const email = indexes.find((index) => index.name === 'email_1');
  if (email && !email.sparse) {
    await users.dropIndex('email_1');
    await UserModel.createIndexes();
  }

  const cursor = UserModel.find(
    { phoneVerified: true, phone: trusted({ $ne: '' }), phoneKey: trusted({ $exists: false }) },
    { phone: 1 },
  ).lean<{ _id: unknown; phone: string }[]>();
  for await (const user of cursor.cursor()) {
    const holder = await UserModel.exists({ phoneKey: user.phone });
    if (holder) {
      logger.warn(
        { userId: String(user._id) },
        'a verified phone another account already signs in with was left without its sign-in',
      );
      continue;
    }
    try {
      await UserModel.updateOne(
        { _id: user._id, phoneKey: trusted({ $exists: false }) },
        { $set: { phoneKey: user.phone } },
      );
    } catch (err) {
      // The unique index refused it (two such accounts in this very run): the first keeps it.
      logger.warn({ err, userId: String(user._id) }, 'verified phone left without its sign-in');
    }
  }
}
