import type {
  OwnerNotice,
  OwnerNoticeSettings,
  OwnerNotification,
  OwnerNotificationList,
} from '@vanya/contracts';
import { notFound } from '../../platform/errors/app-error';
import { NOTICES_ID, settings } from './owner-notice-sending';
import { OwnerNotificationModel } from './owner-notification.model';
import type { OwnerNotificationDoc } from './owner-notification.model';
import { OwnerSettingsModel } from './owner-settings.model';

const viewOf = (n: OwnerNotificationDoc): OwnerNotification => ({
  id: String(n._id),
  kind: n.kind as OwnerNotice,
  title: n.title,
  path: n.path,
  createdAt: n.createdAt.toISOString(),
  read: n.readAt !== null,
});

/** The notices for the owner area, newest first, and how many are unread. */
export async function list(limit: number): Promise<OwnerNotificationList> {
  const [rows, unread] = await Promise.all([
    OwnerNotificationModel.find({})
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit)
      .lean<OwnerNotificationDoc[]>(),
    OwnerNotificationModel.countDocuments({ readAt: null }),
  ]);
  return { items: rows.map(viewOf), unread };
}

/** Marks one notice read (once: a second time changes nothing). */
export async function markRead(id: string): Promise<OwnerNotification> {
  await OwnerNotificationModel.updateOne(
    { _id: id, readAt: null },
    { $set: { readAt: new Date() } },
  );
  const found = await OwnerNotificationModel.findById(id).lean<OwnerNotificationDoc>();
  if (!found) throw notFound('No such notification.', 'NOTIFICATION_NOT_FOUND');
  return viewOf(found);
}

export async function markAllRead(): Promise<void> {
  await OwnerNotificationModel.updateMany({ readAt: null }, { $set: { readAt: new Date() } });
}

export async function update(next: OwnerNoticeSettings): Promise<OwnerNoticeSettings> {
  await OwnerSettingsModel.updateOne({ _id: NOTICES_ID }, { $set: next }, { upsert: true });
  return settings();
}
