import mongoose, { Schema } from 'mongoose';

/**
 * What owners did, appended and never changed: no code path updates or deletes an entry (there is
 * no route for it either), so the log answers "who refunded this, and when" for good.
 */
const auditSchema = new Schema(
  {
    actorId: { type: Schema.Types.ObjectId, required: true },
    actor: { type: String, required: true },
    action: { type: String, required: true },
    target: { type: String, required: true },
    details: { type: Schema.Types.Mixed, default: {} },
  },
  { versionKey: false, timestamps: { createdAt: true, updatedAt: false }, collection: 'audit_log' },
);
auditSchema.index({ createdAt: -1 });
// The log of one kind of action ('order.' ...), newest first.
auditSchema.index({ action: 1, createdAt: -1 });
export const AuditModel = mongoose.model('AuditEntry', auditSchema);
