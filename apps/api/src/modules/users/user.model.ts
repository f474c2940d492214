import { USER_ROLES } from '@vanya/contracts';
import mongoose, { Schema } from 'mongoose';
import type { InferSchemaType } from 'mongoose';

export const GENDERS = ['male', 'female', 'other', 'prefer_not_to_say'] as const;

const loginEventSchema = new Schema(
  { at: { type: Date, required: true }, ip: String, userAgent: String },
  { _id: false },
);
const addressSchema = new Schema(
  { id: { type: String, required: true }, address: { type: String, required: true } },
  { _id: false },
);
const paymentMethodSchema = new Schema(
  { id: { type: String, required: true }, payment: { type: String, required: true } },
  { _id: false },
);
/** A new email or phone whose code the user has verified; PUT /auth/me accepts exactly this value. */
const verifiedChangeSchema = new Schema(
  { value: { type: String, required: true }, verifiedAt: { type: Date, required: true } },
  { _id: false },
);

const userSchema = new Schema(
  {
    name: { type: String, required: true, trim: true, maxlength: 100 },
    /**
     * One account per email. Absent (never '' or null, which would be indexed and collide) on an
     * account made by phone sign-in until its owner adds one; `sparse` leaves those out of the
     * unique index.
     */
    email: { type: String, unique: true, sparse: true, lowercase: true, trim: true },
    /** Absent on an account made by phone sign-in: it signs in by SMS code (or sets one by reset). */
    passwordHash: { type: String },
    emailVerified: { type: Boolean, default: false },
    phone: { type: String, default: '' },
    phoneVerified: { type: Boolean, default: false },
    /**
     * The phone, set only while it is verified: one account per verified phone, which is how a
     * phone sign-in finds its account. A field of its own because MongoDB's way of saying "unique
     * where phoneVerified is true", a partial index, is one the embedded database refuses; a
     * sparse unique index on a field that is absent otherwise says the same on both.
     */
    phoneKey: { type: String, unique: true, sparse: true },
    dob: { type: Date, default: null },
    gender: { type: String, enum: [...GENDERS, ''], default: '' },
    avatar: { type: String, default: '' },
    twoStepEnabled: { type: Boolean, default: false },
    /** Bumped by a password change or reset: every token issued before stops working. */
    tokenVersion: { type: Number, default: 0 },
    /** Set by the first sign-in (users/login-history.ts). */
    hasLoggedInBefore: { type: Boolean, default: false },
    /** The latest sign-ins, at most LOGIN_HISTORY_KEPT, oldest first (users/login-history.ts). */
    recentLogins: { type: [loginEventSchema], default: [] },
    addresses: { type: [addressSchema], default: [] },
    paymentMethods: { type: [paymentMethodSchema], default: [] },
    /** Product ids, each once, in the order they were added. */
    wishlist: { type: [String], default: [] },
    verifiedEmailChange: { type: verifiedChangeSchema, default: null },
    verifiedPhoneChange: { type: verifiedChangeSchema, default: null },
    /** 'owner' only through `pnpm owner:grant` (or OWNER_EMAILS at request time); never from a body. */
    role: { type: String, enum: USER_ROLES, default: 'customer' },
  },
  { timestamps: true, collection: 'users' },
);

export type UserDoc = InferSchemaType<typeof userSchema> & {
  _id: mongoose.Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};
export const UserModel = mongoose.model('User', userSchema);

/** An account with an email address: every account but one made by phone sign-in without one. */
export type UserWithEmail = UserDoc & { email: string };
export const hasEmail = (user: UserDoc): user is UserWithEmail =>
  typeof user.email === 'string' && user.email !== '';
