import mongoose, { Schema } from 'mongoose';

/** One row per consent decision: the record a data-protection audit asks for. */
const consentSchema = new Schema(
  {
    visitorId: { type: String, required: true, index: true },
    userId: { type: Schema.Types.ObjectId, default: null },
    analytics: { type: Boolean, required: true },
    marketing: { type: Boolean, required: true },
    preferences: { type: Boolean, required: true },
    userAgent: { type: String, default: '' },
  },
  { versionKey: false, timestamps: { createdAt: true, updatedAt: false }, collection: 'consents' },
);

export const ConsentModel = mongoose.model('Consent', consentSchema);
