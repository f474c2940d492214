import mongoose, { Schema } from 'mongoose';

/**
 * The owners' choice of notices: one document, every notice on until turned off; texts only once a
 * mobile number is given and they are turned on.
 */
const settingsSchema = new Schema(
  {
    _id: { type: String, required: true },
    newOrder: { type: Boolean, default: true },
    returnRequest: { type: Boolean, default: true },
    ticket: { type: Boolean, default: true },
    lowStock: { type: Boolean, default: true },
    smsPhone: { type: String, default: '' },
    sms: { type: Boolean, default: false },
  },
  { versionKey: false, collection: 'owner_settings' },
);
export const OwnerSettingsModel = mongoose.model('OwnerSettings', settingsSchema);
