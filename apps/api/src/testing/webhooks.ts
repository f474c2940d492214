import { createHmac, randomBytes } from 'node:crypto';

/** A provider webhook body for a captured payment, signed as the provider signs it. */
export function signedCapture(
  webhookSecret: string,
  payment: { paymentId: string; providerOrderId: string; amount: number },
): [raw: Buffer, signature: string, eventId: string] {
  const raw = Buffer.from(
    JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: payment.paymentId,
            entity: 'payment',
            order_id: payment.providerOrderId,
            status: 'captured',
            amount: payment.amount,
            currency: 'INR',
          },
        },
      },
      created_at: Math.floor(Date.now() / 1000),
    }),
  );
  const signature = createHmac('sha256', webhookSecret).update(raw).digest('hex');
  return [raw, signature, `evt_${randomBytes(6).toString('hex')}`];
}
