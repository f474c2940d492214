import type { AdminAuditQuery, AuditEntry } from '@vanya/contracts';
import mongoose, { Schema, trusted } from 'mongoose';
import type { Types } from 'mongoose';
import { withDbRetry } from '../../platform/db/retry';
import { istDay } from './gst-export';

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

export interface Actor {
  _id: Types.ObjectId;
  /** Absent for an account made by phone sign-in: the log names it by its id then. */
  email?: string | null;
}

export async function audit(
  actor: Actor,
  action: string,
  target: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  await withDbRetry(() =>
    AuditModel.create({
      actorId: actor._id,
      actor: actor.email || String(actor._id),
      action,
      target,
      details,
    }),
  );
}

/** The newest entries, of one kind of action (its first word) and between two days if asked. */
export async function recentAudit(query: AdminAuditQuery = {}, limit = 200): Promise<AuditEntry[]> {
  const createdAt = {
    ...(query.from ? { $gte: istDay(query.from, false) } : {}),
    ...(query.to ? { $lte: istDay(query.to, true) } : {}),
  };
  const rows = await AuditModel.find({
    ...(query.area ? { action: new RegExp(`^${query.area}\\.`) } : {}),
    ...(query.from || query.to ? { createdAt: trusted(createdAt) } : {}),
  })
    .sort({ createdAt: -1 })
    .limit(limit)
    .lean<{ createdAt: Date; actor: string; action: string; target: string; details: object }[]>();
  return rows.map((r) => ({
    at: r.createdAt.toISOString(),
    actor: r.actor,
    action: r.action,
    target: r.target,
    details: (r.details ?? {}) as Record<string, unknown>,
  }));
}
