import mongoose, { Schema } from 'mongoose';

const waitlistSignupSchema = new Schema(
  {
    /**
     * The email, trimmed and lower-cased. As the _id it makes one signup per address an insert
     * into the one unique index every collection has from the start (atomic on MongoDB and FerretDB).
     */
    _id: { type: String, required: true },
    email: { type: String, required: true },
    name: { type: String, required: true },
    /** When the confirmation left; a signup whose mail could not be sent is not kept. */
    confirmationMailedAt: { type: Date, default: null },
  },
  {
    versionKey: false,
    timestamps: { createdAt: true, updatedAt: false },
    collection: 'waitlist_signups',
  },
);

// The owner's list, newest first.
waitlistSignupSchema.index({ createdAt: -1, _id: -1 });
export const WaitlistSignupModel = mongoose.model('WaitlistSignup', waitlistSignupSchema);
