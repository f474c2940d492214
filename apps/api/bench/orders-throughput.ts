// Issue 5's benchmark: orders created through the API (50 concurrent clients, test-mode payment
// provider, full validation, pricing, idempotency key and provider order) against the same order
// documents inserted with mongoose directly, on the same database server in the same run. The API
// should reach at least half the raw driver's throughput.
//
// The two alternate for BENCH_ROUNDS rounds (3 by default) of BENCH_SECONDS each (10), and the
// ratio is taken between the medians, so that one noisy window on a shared machine does not decide.
// Each round also shows how busy the database server was: on the embedded FerretDB, whose writes
// run one at a time, an order's few writes against the raw side's one decide the ratio.
// Run: pnpm build && pnpm --filter @vanya/api bench:orders
import { randomInt, randomUUID } from 'node:crypto';
import { cartSummaryText, formatAmountForOrder, priceCart } from '@vanya/catalog';
import mongoose from 'mongoose';
import { deriveKey, SECRET_PURPOSES } from '../src/config/secrets';
import { signSessionToken } from '../src/modules/auth/tokens';
import { orderSchema } from '../src/modules/orders/order.model';
import { cpuMsOf } from '../src/testing/proc-stat';
import { load, mainThreadCpuMs, median, ms, startStack } from './harness';

const CLIENTS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const JWT_SECRET = 'benchmark-secret-benchmark-secret-123456';
// Sessions are signed with the key the API derives from JWT_SECRET (src/config/secrets.ts).
const SESSION_KEY = deriveKey(JWT_SECRET, SECRET_PURPOSES.session.label);
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

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The database server's CPU meanwhile, and the API's main thread's, as shares of one core. */
  dbBusy?: number;
  apiBusy?: number;
}

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
    signSessionToken({ sub: String(id), tv: 0 }, SESSION_KEY, 3600),
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
  const Order = connection.model('Order', orderSchema);
  await Order.init();

  /** The same document the API stores, created with mongoose by 50 concurrent loops. */
  async function raw(): Promise<Figures> {
    const latencies: number[] = [];
    const deadline = performance.now() + durationMs;
    let errors = 0;
    let completedInWindow = 0;
    await Promise.all(
      userIds.map(async (userId) => {
        while (performance.now() < deadline) {
          const key = randomUUID();
          const t0 = performance.now();
          try {
            await Order.create({
              userId,
              orderNumber: `VNY-${randomInt(100000, 1000000)}-${key.slice(0, 4)}`,
              idempotencyKey: key,
              requestHash: 'bench',
              ...FORM,
              cartSummary: cartSummaryText(ITEMS),
              deliveryState: FORM.state,
              supply,
              lines,
              totals,
              shippingTax,
              provider: 'test',
              providerOrderId: `order_test_${key.slice(0, 14)}`,
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
  }

  /** POST /api/orders as the checkout sends it: a fresh Idempotency-Key per order. */
  const api = () =>
    load(stack.baseUrl, {
      connections: CLIENTS,
      durationMs,
      next: (i) => ({
        method: 'POST',
        path: '/api/orders',
        body,
        headers: {
          Authorization: `Bearer ${tokens[i % CLIENTS]}`,
          'Idempotency-Key': randomUUID(),
        },
      }),
    });

  const rows: Record<string, Record<string, string | number>> = {};
  const raws: Figures[] = [];
  const apis: Figures[] = [];
  const statuses: Record<number, number> = {};
  const pct = (share: number | undefined) =>
    share === undefined ? '' : `${Math.round(share * 100)}%`;
  const row = (f: Figures) => ({
    'orders/s': f.rps.toFixed(1),
    p50: ms(f.p50),
    p99: ms(f.p99),
    errors: f.errors,
    'database busy': pct(f.dbBusy),
    'API main thread busy': pct(f.apiBusy),
  });
  /** Runs `side`, noting how busy the database server and the API's main thread were meanwhile. */
  const measured = async <F extends Figures>(side: () => Promise<F>): Promise<F> => {
    const cpu = () => ({
      db: stack.db.pid === undefined ? NaN : cpuMsOf(stack.db.pid),
      api: mainThreadCpuMs(stack.api.pid) ?? NaN,
    });
    const before = cpu();
    const figures = await side();
    const after = cpu();
    return {
      ...figures,
      dbBusy: (after.db - before.db) / durationMs,
      apiBusy: (after.api - before.api) / durationMs,
    };
  };
  for (let round = 1; round <= ROUNDS; round += 1) {
    const r = await measured(raw);
    const a = await measured(api);
    raws.push(r);
    apis.push(a);
    for (const [status, count] of Object.entries(a.statuses))
      statuses[Number(status)] = (statuses[Number(status)] ?? 0) + count;
    rows[`round ${round}: mongoose insert (raw)`] = row(r);
    rows[`round ${round}: POST /api/orders`] = row(a);
  }
  await connection.close();

  const summary = (list: Figures[]): Figures => ({
    rps: median(list.map((f) => f.rps)),
    p50: median(list.map((f) => f.p50)),
    p99: median(list.map((f) => f.p99)),
    errors: list.reduce((sum, f) => sum + f.errors, 0),
  });
  const rawMedian = summary(raws);
  const apiMedian = summary(apis);
  rows['median: mongoose insert (raw)'] = row(rawMedian);
  rows['median: POST /api/orders'] = row(apiMedian);
  const ratio = apiMedian.rps / rawMedian.rps;
  console.log(
    `\nOrders: API against the raw driver (${CLIENTS} concurrent clients, ${ROUNDS} rounds of ${SECONDS} s, ${stack.db.kind})`,
  );
  console.table(rows);
  console.log(`API statuses: ${JSON.stringify(statuses)}`);
  console.log(
    `throughput ratio (median API / median raw): ${ratio.toFixed(2)} (must be at least 0.5)`,
  );
  // Every request must have made an order: anything but 201 is a failure of the run.
  const allCreated = Object.keys(statuses).every((status) => status === '201');
  process.exitCode = ratio >= 0.5 && allCreated && rawMedian.errors === 0 ? 0 : 1;
} finally {
  await stack.stop();
}
