// Issue 5's benchmark: orders created through the API (50 concurrent clients, test-mode payment
// provider, full validation, pricing, idempotency and provider order) against the same order
// documents inserted with mongoose directly, on the same database server in the same run. The API
// should reach at least half the raw driver's throughput.
// Run: pnpm build && pnpm --filter @vanya/api bench:orders
import { randomInt, randomUUID } from 'node:crypto';
import { cartSummaryText, formatAmountForOrder, priceCart } from '@vanya/catalog';
import mongoose from 'mongoose';
import { signSessionToken } from '../src/modules/auth/tokens';
import { orderSchema } from '../src/modules/orders/order.model';
import { load, ms, startStack } from './harness';

const CLIENTS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const JWT_SECRET = 'benchmark-secret-benchmark-secret-123456';
const ITEMS = [
  { productId: 'Bodybutter', quantity: 2 },
  { productId: 'TanGoneSoap', quantity: 1 },
];
const FORM = {
  firstName: 'Asha',
  lastName: 'Kulkarni',
  email: 'asha@example.in',
  phone: '9822045123',
  address: '12 Shivaji Nagar, Near Ganesh Mandir',
  city: 'Latur',
  state: 'Maharashtra',
  pinCode: '413512',
  country: 'IN',
  paymentMethod: 'upi',
  gstNumber: '',
};

const stack = await startStack({ JWT_SECRET, RATE_LIMIT_SCALE: '100000' });
try {
  const connection = await mongoose.createConnection(stack.db.uri).asPromise();
  const userIds = Array.from({ length: CLIENTS }, () => new mongoose.Types.ObjectId());
  await connection.collection('users').insertMany(
    userIds.map((_id, i) => ({
      _id,
      name: 'Bench',
      email: `orders.${i}@example.in`,
      passwordHash: 'x',
      emailVerified: true,
      tokenVersion: 0,
      createdAt: new Date(),
      updatedAt: new Date(),
    })),
  );
  const tokens = userIds.map((id) =>
    signSessionToken({ sub: String(id), tv: 0 }, JWT_SECRET, 3600),
  );

  const priced = priceCart(ITEMS, { deliveryState: FORM.state });
  const body = JSON.stringify({
    data: {
      ...FORM,
      cart_summary: cartSummaryText(ITEMS),
      total_amount: formatAmountForOrder(priced.grandTotal),
      items: ITEMS,
    },
  });
  const { lines, shippingTax, supply, ...totals } = priced;
  const durationMs = SECONDS * 1000;

  // Raw driver: the same document the API stores, inserted by 50 concurrent loops.
  const Order = connection.model('Order', orderSchema);
  await Order.init();
  const raw = await (async () => {
    const latencies: number[] = [];
    const deadline = performance.now() + durationMs;
    let errors = 0;
    let completedInWindow = 0;
    await Promise.all(
      userIds.map(async (userId) => {
        while (performance.now() < deadline) {
          const t0 = performance.now();
          try {
            await Order.create({
              userId,
              orderNumber: `VNY-${randomInt(100000, 1000000)}-${randomUUID().slice(0, 4)}`,
              idempotencyKey: randomUUID(),
              requestHash: 'bench',
              ...FORM,
              cartSummary: cartSummaryText(ITEMS),
              deliveryState: FORM.state,
              supply,
              lines,
              totals,
              shippingTax,
              provider: 'test',
              providerOrderId: `order_test_${randomUUID().slice(0, 14)}`,
            });
          } catch {
            errors += 1;
          }
          latencies.push(performance.now() - t0);
          if (performance.now() <= deadline) completedInWindow += 1;
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    return {
      rps: completedInWindow / (durationMs / 1000),
      p50: latencies[Math.floor(latencies.length / 2)]!,
      p99: latencies[Math.floor(latencies.length * 0.99)]!,
      errors,
    };
  })();
  await connection.close();

  const api = await load(stack.baseUrl, {
    connections: CLIENTS,
    durationMs,
    next: (i) => ({
      method: 'POST',
      path: '/api/orders',
      body,
      headers: { Authorization: `Bearer ${tokens[i % CLIENTS]}` },
    }),
  });

  const ratio = api.rps / raw.rps;
  console.log(
    `\nOrders: API against the raw driver (${CLIENTS} concurrent clients, ${SECONDS} s each, ${stack.db.kind})`,
  );
  console.table({
    'mongoose insert (raw)': {
      'orders/s': raw.rps.toFixed(1),
      p50: ms(raw.p50),
      p99: ms(raw.p99),
      errors: raw.errors,
    },
    'POST /api/orders': {
      'orders/s': api.rps.toFixed(1),
      p50: ms(api.p50),
      p99: ms(api.p99),
      errors: api.errors,
    },
  });
  console.log(`API statuses: ${JSON.stringify(api.statuses)}`);
  console.log(`throughput ratio (API / raw): ${ratio.toFixed(2)} (must be at least 0.5)`);
  process.exitCode = ratio >= 0.5 && api.errors === 0 ? 0 : 1;
} finally {
  await stack.stop();
}
