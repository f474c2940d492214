import type { AdminAuditQuery, AuditEntry } from '@vanya/contracts';
import { trusted } from 'mongoose';
import { AuditModel } from '../../platform/audit/audit.model';
import { istDay } from './gst-export';

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
