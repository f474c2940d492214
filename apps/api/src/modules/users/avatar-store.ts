import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AUTH_MESSAGES } from '@vanya/contracts';
import type { Types } from 'mongoose';
import { AppError } from '../../platform/errors/app-error';
import { toAvatarJpeg } from './avatar-image';
import { UserModel } from './user.model';
import type { UserDoc } from './user.model';

export const AVATAR_PUBLIC_PREFIX = '/uploads/avatars/';

/**
 * Avatar files and the account field that points at one, kept in step: every file in the folder
 * belongs to an account and every account's avatar is a file. A user's changes run one at a time
 * in this process (the database cannot swap the field and answer the old value atomically under
 * concurrency, so twelve parallel uploads each deleted the same "previous" file and left seven
 * orphans). A file whose account field could not be written is deleted again.
 */
export function createAvatarStore(uploadDir: string) {
  const dir = path.join(uploadDir, 'avatars');
  const running = new Map<string, Promise<unknown>>();

  /** Runs `task` after every earlier change of the same user has finished. */
  function oneAtATime<T>(userId: Types.ObjectId, task: () => Promise<T>): Promise<T> {
    const key = String(userId);
    const before = running.get(key) ?? Promise.resolve();
    const mine = before.then(task, task);
    const settled = mine.catch(() => undefined);
    running.set(key, settled);
    void settled.then(() => {
      if (running.get(key) === settled) running.delete(key);
    });
    return mine;
  }

  async function deleteFile(publicPath: string | null | undefined) {
    if (!publicPath?.startsWith(AVATAR_PUBLIC_PREFIX)) return;
    await unlink(path.join(dir, path.basename(publicPath))).catch(() => undefined);
  }

  /** Sets the account's avatar field and deletes the file it pointed at before. */
  async function point(userId: Types.ObjectId, avatar: string): Promise<void> {
    const before = await UserModel.findOneAndUpdate(
      { _id: userId },
      { $set: { avatar } },
      { returnDocument: 'before' },
    ).lean<UserDoc>();
    if (!before) throw new AppError(401, 'UNAUTHORIZED', AUTH_MESSAGES.loginRequired);
    if (before.avatar !== avatar) await deleteFile(before.avatar);
  }

  return {
    /** Re-encodes the image, stores it under an unguessable name and makes it the avatar. */
    async replace(userId: Types.ObjectId, image: Buffer): Promise<string> {
      const jpeg = await toAvatarJpeg(image);
      return oneAtATime(userId, async () => {
        await mkdir(dir, { recursive: true });
        const name = `${randomBytes(16).toString('hex')}.jpg`;
        await writeFile(path.join(dir, name), jpeg, { flag: 'wx' });
        const publicPath = `${AVATAR_PUBLIC_PREFIX}${name}`;
        try {
          await point(userId, publicPath);
        } catch (err) {
          await deleteFile(publicPath);
          throw err;
        }
        return publicPath;
      });
    },

    async remove(userId: Types.ObjectId): Promise<void> {
      await oneAtATime(userId, () => point(userId, ''));
    },
  };
}
