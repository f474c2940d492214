import { createHash, randomBytes } from 'node:crypto';
import { trusted } from 'mongoose';
import type { Types } from 'mongoose';
import { EmailTokenModel } from './email-token.model';
import type { TokenPurpose } from './email-token.model';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface TokenRecord {
  userId: Types.ObjectId;
  purpose: TokenPurpose;
  expiresAt: Date;
  usedAt: Date | null;
  passwordHash: string | null;
  name: string | null;
}

/** Emailed link tokens: 32 random bytes (base64url) handed out once; only their SHA-256 is kept. */
export function createEmailTokenService(now: () => number = Date.now) {
  return {
    async create(
      userId: Types.ObjectId,
      purpose: TokenPurpose,
      lifetimeMs: number,
      extras: { passwordHash?: string; name?: string } = {},
    ): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await EmailTokenModel.create({
        tokenHash: hashOf(token),
        userId,
        purpose,
        expiresAt: new Date(now() + lifetimeMs),
        passwordHash: extras.passwordHash ?? null,
        name: extras.name ?? null,
      });
      return token;
    },

    /** Whatever its state: 'already used' is told apart from 'unknown'. */
    async find(token: string, purpose: TokenPurpose): Promise<TokenRecord | undefined> {
      const doc = await EmailTokenModel.findOne({
        tokenHash: hashOf(token),
        purpose,
      }).lean<TokenRecord>();
      return doc ?? undefined;
    },

    /** Once: an update guarded on its being unused decides between concurrent uses. */
    async consume(token: string, purpose: TokenPurpose): Promise<TokenRecord | undefined> {
      const at = new Date(now());
      const doc = await EmailTokenModel.findOneAndUpdate(
        { tokenHash: hashOf(token), purpose, usedAt: null, expiresAt: trusted({ $gt: at }) },
        { $set: { usedAt: at } },
        { returnDocument: 'after' },
      ).lean<TokenRecord>();
      return doc ?? undefined;
    },

    async revokeAll(userId: Types.ObjectId, purpose: TokenPurpose): Promise<void> {
      await EmailTokenModel.updateMany(
        { userId, purpose, usedAt: null },
        { $set: { usedAt: new Date(now()) } },
      );
    },
  };
}

export type EmailTokenService = ReturnType<typeof createEmailTokenService>;
