import { TICKET_STATUSES } from '@vanya/contracts';
import type { Ticket } from '@vanya/contracts';
import mongoose, { Schema } from 'mongoose';
import type { Types } from 'mongoose';

const ticketSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    message: { type: String, required: true },
    status: { type: String, enum: TICKET_STATUSES, default: 'open' },
    attachment: { type: String, default: null },
    /** The conversation after the first message (set whole: a few entries at most). */
    replies: {
      type: [
        {
          by: { type: String, enum: ['shopper', 'owner'], required: true },
          message: { type: String, required: true },
          at: { type: Date, required: true },
          _id: false,
        },
      ],
      default: [],
    },
  },
  { timestamps: true, collection: 'tickets' },
);
// The shopper's tickets, newest first (pageForUser).
ticketSchema.index({ userId: 1, createdAt: -1, _id: -1 });
// The owner's lists: by status, and all of them, newest first.
ticketSchema.index({ status: 1, createdAt: -1 });
ticketSchema.index({ createdAt: -1 });
export const TicketModel = mongoose.model('Ticket', ticketSchema);

export type TicketDoc = {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  status: string;
  message: string;
  createdAt: Date;
  attachment?: string | null;
  replies?: { by: 'shopper' | 'owner'; message: string; at: Date }[];
};
export const toTicketView = (t: TicketDoc): Ticket => ({
  id: String(t._id),
  status: t.status as Ticket['status'],
  message: t.message,
  createdAt: t.createdAt.toISOString(),
  ...(t.attachment ? { attachment: t.attachment } : {}),
  replies: (t.replies ?? []).map((r) => ({
    by: r.by,
    message: r.message,
    at: r.at.toISOString(),
  })),
});
