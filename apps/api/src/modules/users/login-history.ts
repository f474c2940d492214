import { trusted } from 'mongoose';
import type { Types } from 'mongoose';
import { UserModel } from './user.model';
import type { UserDoc } from './user.model';

/** The sign-ins the profile lists, newest first. */
export const LOGIN_HISTORY_KEPT = 20;

/** One sign-in: when, from which address and browser. */
export interface LoginEvent {
  at: Date;
  ip?: string | null;
  userAgent?: string | null;
}

export interface LoginHistory {
  /** Newest first. */
  events: LoginEvent[];
  hasLoggedInBefore: boolean;
}

type HistoryFields = Partial<Pick<UserDoc, 'recentLogins' | 'hasLoggedInBefore'>>;

/** The history kept on the user document (`recentLogins`, oldest first), newest first. */
export function loginHistoryOf(user: HistoryFields): LoginHistory {
  const events = [...(user.recentLogins ?? [])]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, LOGIN_HISTORY_KEPT);
  return { events, hasLoggedInBefore: Boolean(user.hasLoggedInBefore) || events.length > 0 };
}

/**
 * Adds a sign-in to the user's bounded list and answers the history as it stood before it (so the
 * caller can tell a first sign-in). `$push` appends; a list grown past LOGIN_HISTORY_KEPT loses its
 * oldest entry by a `$pop` guarded on its length, so sign-ins at once never trim it shorter
 * (FerretDB ignores `$push`'s `$slice`).
 */
export async function recordLogin(
  userId: Types.ObjectId,
  event: LoginEvent,
): Promise<LoginHistory> {
  const before = await UserModel.findOneAndUpdate(
    { _id: userId },
    { $push: { recentLogins: event }, $set: { hasLoggedInBefore: true } },
    { returnDocument: 'before' },
  ).lean<HistoryFields>();
  if ((before?.recentLogins?.length ?? 0) >= LOGIN_HISTORY_KEPT) {
    const overLimit = {
      _id: userId,
      [`recentLogins.${LOGIN_HISTORY_KEPT}`]: trusted({ $exists: true }),
    };
    while (
      (await UserModel.updateOne(overLimit, { $pop: { recentLogins: -1 } })).modifiedCount > 0
    );
  }
  return loginHistoryOf(before ?? {});
}
