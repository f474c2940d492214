import mongoose, { Schema } from 'mongoose';
import type { Types } from 'mongoose';
import { byId } from '../../platform/db/by-id';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { UserModel } from './user.model';
import type { UserDoc } from './user.model';

/**
 * The way from an email address to its account that costs one read by `_id`: a document whose
 * `_id` is the normalised address (trimmed, lower case, as the user schema stores it) and whose
 * `userId` names the account. The embedded FerretDB scans the whole `users` collection for
 * `{email}`; it reads this by `_id` alone.
 *
 * The key is written before the user document (on registration and on an email change), and the
 * user document is the truth: a key counts only when its user exists and has that email. Whatever
 * a crash between the two writes leaves (a key without a user, a key pointing elsewhere, a user
 * without a key, as accounts made before keys existed have) is mended by the next lookup, which
 * falls back to the indexed `email` query and rewrites the key. Two accounts never share an
 * address: the key's `_id` and the unique index on `users.email` each refuse a second one.
 */
const emailKeySchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
  },
  { collection: 'email_keys', versionKey: false },
);
export const EmailKeyModel = mongoose.model('EmailKey', emailKeySchema);

type EmailKeyDoc = { _id: string; userId: Types.ObjectId };

/** The two reads of every login, by `_id` through the driver (platform/db/by-id.ts). */
const emailKeys = byId<EmailKeyDoc>(EmailKeyModel);
const users = byId<UserDoc>(UserModel);

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Points the key of `email` at `userId`, whatever it pointed at before. */
export async function pointEmailKey(email: string, userId: Types.ObjectId): Promise<void> {
  await EmailKeyModel.findOneAndUpdate(
    { _id: normaliseEmail(email) },
    { $set: { userId } },
    { upsert: true },
  );
}

/**
 * Takes the key of `email` for `userId` before the user document gets the address. Answers the
 * other account when one holds the address (the caller refuses, or answers as for that account),
 * null when the key is now `userId`'s. A key left by a crash (its user missing, or no longer at
 * that address) is taken over.
 */
export async function claimEmailKey(
  email: string,
  userId: Types.ObjectId,
): Promise<UserDoc | null> {
  const _id = normaliseEmail(email);
  try {
    await EmailKeyModel.create({ _id, userId });
    return null;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
  const holder = await findUserByEmail(_id);
  if (holder && !holder._id.equals(userId)) return holder;
  await pointEmailKey(_id, userId);
  return null;
}

/** Drops the key of an address `userId` no longer uses (read by `_id`, removed by `_id`). */
export async function releaseEmailKey(email: string, userId: Types.ObjectId): Promise<void> {
  const _id = normaliseEmail(email);
  const key = await EmailKeyModel.findById(_id).lean<EmailKeyDoc>();
  if (key?.userId.equals(userId)) await EmailKeyModel.deleteOne({ _id });
}

/**
 * The account with this email: the key, then the user by `_id`. When the key is missing or does
 * not lead to a user with this address, the indexed `email` query answers and the key is mended.
 */
export async function findUserByEmail(email: string): Promise<UserDoc | null> {
  const address = normaliseEmail(email);
  const key = await emailKeys.find(address);
  if (key) {
    const user = await users.find(key.userId);
    if (user?.email === address) return user;
  }
  const user = await UserModel.findOne({ email: address }).lean<UserDoc>();
  if (user) await pointEmailKey(address, user._id);
  return user;
}
