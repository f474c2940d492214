import mongoose, { Schema } from 'mongoose';

export const TOKEN_PURPOSES = ['verify_email', 'reset_password'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

const emailTokenSchema = new Schema(
  {
    tokenHash: { type: String, required: true, unique: true },
    userId: { type: Schema.Types.ObjectId, required: true, index: true },
    purpose: { type: String, enum: TOKEN_PURPOSES, required: true },
    expiresAt: { type: Date, required: true, index: true },
    usedAt: { type: Date, default: null },
    /**
     * Registration only: the password and name chosen by the sign-up this link confirms. Whoever
     * controls the mailbox confirms their own choice, so signing up first with someone else's
     * email does not let a squatter set the password of the account the owner later verifies.
     */
    passwordHash: { type: String, default: null },
    name: { type: String, default: null },
  },
  {
    versionKey: false,
    timestamps: { createdAt: true, updatedAt: false },
    collection: 'email_tokens',
  },
);

export const EmailTokenModel = mongoose.model('EmailToken', emailTokenSchema);
