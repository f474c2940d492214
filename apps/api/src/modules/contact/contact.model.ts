import mongoose, { Schema } from 'mongoose';

const contactMessageSchema = new Schema(
  {
    name: { type: String, required: true },
    email: { type: String, required: true },
    subject: { type: String, required: true },
    message: { type: String, required: true },
    /** Null when the support mailbox could not be reached: the message is kept and still visible here. */
    mailedAt: { type: Date, default: null },
    /** When the owner first listed it in the owner area; null while unread. */
    readAt: { type: Date, default: null },
  },
  {
    versionKey: false,
    timestamps: { createdAt: true, updatedAt: false },
    collection: 'contact_messages',
  },
);

// The owner's inbox, newest first, and its unread count.
contactMessageSchema.index({ createdAt: -1 });
contactMessageSchema.index({ readAt: 1 });
export const ContactMessageModel = mongoose.model('ContactMessage', contactMessageSchema);
