import { OWNER_NOTICES } from '@vanya/contracts';
import mongoose, { Schema } from 'mongoose';
import type { Types } from 'mongoose';

/**
 * The notices to the owner as the owner area lists them: one per notice (`key`, unique: a notice
 * reported twice is stored once), whether or not it also went by mail or SMS.
 */
const ownerNotificationSchema = new Schema(
  {
    /** What it is about, as the notice's mail is keyed (`new-order:<order id>`). */
    key: { type: String, required: true, unique: true },
    kind: { type: String, enum: OWNER_NOTICES, required: true },
    title: { type: String, required: true },
    /** Where it opens in the owner area (`/admin?tab=orders&order=<id>`). */
    path: { type: String, required: true },
    /** When the owner opened it or marked it read; null while unread. */
    readAt: { type: Date, default: null },
  },
  {
    versionKey: false,
    timestamps: { createdAt: true, updatedAt: false },
    collection: 'owner_notifications',
  },
);
// The list, newest first, and its unread count.
ownerNotificationSchema.index({ createdAt: -1, _id: -1 });
ownerNotificationSchema.index({ readAt: 1 });

export type OwnerNotificationDoc = {
  _id: Types.ObjectId;
  key: string;
  kind: string;
  title: string;
  path: string;
  readAt: Date | null;
  createdAt: Date;
};
export const OwnerNotificationModel = mongoose.model('OwnerNotification', ownerNotificationSchema);
