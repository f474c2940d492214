import type { Types } from 'mongoose';
import { withDbRetry } from '../db/retry';
import { AuditModel } from './audit.model';

export interface Actor {
  _id: Types.ObjectId;
  /** Absent for an account made by phone sign-in: the log names it by its id then. */
  email?: string | null;
}

/** Appends a line to the audit log: who (the owner), did what, to what, with what details. */
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
