import mongoose, { Schema } from 'mongoose';

/**
 * Purposes are kept apart: a code sent to confirm a new email cannot sign anyone in, and a
 * sign-in code cannot confirm a phone number.
 */
export const CODE_PURPOSES = [
  'verify_account',
  'login',
  'change_email',
  'change_phone',
  'two_step',
  'phone_sign_in',
] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

const oneTimeCodeSchema = new Schema(
  {
    /** The account, or for a phone sign-in (which may have none yet) phoneCodeHolder(phone). */
    userId: { type: Schema.Types.ObjectId, required: true },
    purpose: { type: String, enum: CODE_PURPOSES, required: true },
    /** Where the code was sent (the account's email, a new email or a phone number). */
    target: { type: String, required: true },
    /** HMAC-SHA256 of the code under the server secret: a database leak does not reveal codes. */
    codeHash: { type: String, required: true },
    expiresAt: { type: Date, required: true, index: true },
    /** Strangers' tries at it (clients not among `requesters`), capped at GUESSES_PER_CODE. */
    attempts: { type: Number, default: 0 },
    /** The client addresses that asked for it while it lived: each tries it on its own count. */
    requesters: { type: [String], default: [] },
    consumedAt: { type: Date, default: null },
    sentAt: { type: Date, required: true },
    /** Registration only: the password and name chosen by the sign-up this code confirms. */
    passwordHash: { type: String, default: null },
    name: { type: String, default: null },
  },
  { versionKey: false, collection: 'one_time_codes' },
);
// One live code per user and purpose: sending again replaces it.
oneTimeCodeSchema.index({ userId: 1, purpose: 1 }, { unique: true });

export const OneTimeCodeModel = mongoose.model('OneTimeCode', oneTimeCodeSchema);

/** One client's guesses at one code as issued (`_id` = `<code id>:<sent at>:<client>`). */
const codeGuessSchema = new Schema(
  {
    _id: { type: String, required: true },
    attempts: { type: Number, required: true },
    expiresAt: { type: Date, required: true, index: true },
  },
  { versionKey: false, collection: 'code_guesses' },
);
export const CodeGuessModel = mongoose.model('CodeGuess', codeGuessSchema);
