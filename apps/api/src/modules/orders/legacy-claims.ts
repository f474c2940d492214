import type { OrderActor, OrderStatus } from '@vanya/contracts';
import mongoose from 'mongoose';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { DocumentNumberModel } from '../invoices/invoice-number';
import { eventOf, SentMails } from './order-lifecycle';
import { OrderModel } from './order.model';

interface Claim {
  _id: string;
  value: string | null;
  createdAt?: Date;
}

interface LegacyMove {
  to: OrderStatus;
  at: string;
  by: OrderActor;
  paymentId?: string;
  reason?: string;
  note?: string;
  carrier?: string;
  trackingNumber?: string;
  trackingUrl?: string;
}

const ignoreDuplicate = (err: unknown) => {
  if (!isDuplicateKey(err)) throw err;
};

/**
 * Databases written before orders moved by guarded updates kept every decision in one `claims`
 * collection. Once, at start-up, what is still worth having moves to its own place: invoice and
 * credit-note numbers (bound to what they number), the mails known to be sent, and order moves
 * decided but not yet written to their order; then the collection is dropped. Answers how many
 * claims were read (0 when there was nothing to migrate).
 */
export async function migrateLegacyClaims(): Promise<number> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('migrateLegacyClaims needs a connected database');
  const found = await db.listCollections({ name: 'claims' }).toArray();
  if (found.length === 0) return 0;
  const claims = await db.collection<Claim>('claims').find({}).sort({ createdAt: 1 }).toArray();
  for (const claim of claims) {
    const [kind, ...rest] = claim._id.split(':');
    const at = claim.createdAt ?? new Date();
    if ((kind === 'invoice-number' || kind === 'credit-note-number') && claim.value) {
      const [fy, seq] = rest as [string, string];
      const series = kind === 'invoice-number' ? 'VNY' : 'CN';
      await DocumentNumberModel.create({
        _id: `${series}/${fy}/${seq}`,
        series,
        fy,
        seq: Number(seq),
        documentId: claim.value,
        date: at,
      }).catch(ignoreDuplicate);
    } else if ((kind === 'order-mail' || kind === 'order-notice') && claim.value === 'sent') {
      const _id =
        kind === 'order-mail'
          ? `order-confirmation:${rest[0]}`
          : `order-notice:${rest[0]}:${rest[1]}`;
      await SentMails.create({ _id, state: 'done', by: 'migrated', at }).catch(ignoreDuplicate);
    } else if (kind === 'order-move' && claim.value) {
      const [orderId, from] = rest as [string, OrderStatus];
      const move = JSON.parse(claim.value) as LegacyMove;
      await OrderModel.updateOne(
        { _id: orderId, status: from },
        {
          $set: {
            status: move.to,
            ...(move.to === 'paid'
              ? { paymentId: move.paymentId, paidAt: new Date(move.at), failureReason: null }
              : {}),
            ...(move.to === 'payment_failed'
              ? { failureReason: move.reason ?? 'Payment failed' }
              : {}),
            ...(move.to === 'delivered' ? { deliveredAt: new Date(move.at) } : {}),
          },
          $push: { events: eventOf(move.to, new Date(move.at), move.by, move) },
        },
      );
    }
  }
  await db.dropCollection('claims');
  return claims.length;
}
