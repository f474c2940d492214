// What a shopper feels on a busy day: 50 shoppers browse (the catalogue and product pages) while
// 10 sign in and 10 pay (order, test-mode payment, verify), each a closed loop; every route's
// p50 and p95 against browsing alone, in one run. Then payment confirmations (verify) with 10
// shoppers paying at once against one alone: the bar is 10 within 3x of one. Each paying phase
// also reports how busy the database server and the API's main thread were, to show which waits.
// Built API, embedded database, bcrypt at the production cost.
// Run: pnpm build && pnpm --filter @vanya/api bench:mix
import os from 'node:os';
import { formatAmountForOrder, priceCart, products } from '@vanya/catalog';
import { writeVerifiedShoppers } from './accounts';
import { mainThreadCpuMs, ms, startStack, summarize } from './harness';
import { cpuMsOf } from '../src/testing/proc-stat';
import type { LoopDelay } from './harness';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const COST = Number(process.env.BCRYPT_COST ?? 12);
const BROWSERS = 50;
const SIGNERS = 10;
const PAYERS = 10;
const MAX_CONFIRMATION_RATIO = 3;
const PASSWORD = 'Kokum#Butter1';
const ITEMS = [
  { productId: 'Bodybutter', quantity: 2 },
  { productId: 'TanGoneSoap', quantity: 1 },
];

const stack = await startStack(
  { BCRYPT_COST: String(COST), RATE_LIMIT_SCALE: '100000' },
  { loopDelay: true },
);

/** Latencies per route of one phase. */
type Timings = Map<string, number[]>;

async function call(
  timings: Timings,
  route: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown }> {
  const t0 = performance.now();
  const res = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = res.headers.get('content-type')?.includes('json')
    ? await res.json()
    : await res.text();
  const list = timings.get(route) ?? [];
  list.push(performance.now() - t0);
  timings.set(route, list);
  if (res.status >= 500) errors.push(`${route} ${res.status}`);
  return { status: res.status, json };
}
const errors: string[] = [];

const productIds = products.map((p) => p.id);
async function browse(t: Timings, until: number) {
  while (performance.now() < until) {
    await call(t, 'GET /products', 'GET', '/api/products');
    const id = productIds[Math.floor(Math.random() * productIds.length)]!;
    await call(t, 'GET /products/:id', 'GET', `/api/products/${id}`);
  }
}

async function signIn(t: Timings, until: number, email: string) {
  while (performance.now() < until)
    await call(t, 'POST /auth/login', 'POST', '/api/auth/login', { email, password: PASSWORD });
}

const body = {
  data: {
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
    cart_summary: '',
    total_amount: formatAmountForOrder(
      priceCart(ITEMS, { deliveryState: 'Maharashtra' }).grandTotal,
    ),
    items: ITEMS,
  },
};
async function pay(t: Timings, until: number, token: string) {
  const auth = { Authorization: `Bearer ${token}` };
  while (performance.now() < until) {
    const placed = await call(t, 'POST /orders', 'POST', '/api/orders', body, {
      ...auth,
      'Idempotency-Key': crypto.randomUUID(),
    });
    if (placed.status !== 201) continue;
    const { order, payment } = placed.json as {
      order: { _id: string };
      payment: { providerOrderId: string };
    };
    const done = await call(
      t,
      'POST /payments/test/complete',
      'POST',
      '/api/payments/test/complete',
      {
        orderId: order._id,
        providerOrderId: payment.providerOrderId,
        outcome: 'success',
      },
    );
    await call(t, 'POST /payments/verify', 'POST', '/api/payments/verify', {
      orderId: order._id,
      ...(done.json as Record<string, string>),
      outcome: undefined,
    });
  }
}

/** CPU time (ms) used so far by the database server and by the API's main thread. */
const cpu = () => ({
  db: stack.db.pid === undefined ? NaN : cpuMsOf(stack.db.pid),
  api: mainThreadCpuMs(stack.api.pid) ?? NaN,
});

/**
 * One phase: the loops `run` starts, timed per route, with the event-loop delay meanwhile and how
 * busy the database and the API's main thread were (share of one core).
 */
async function phase(
  run: (t: Timings, until: number) => Promise<unknown>[],
): Promise<{ timings: Timings; delay: LoopDelay; busy: { db: number; api: number } }> {
  await stack.loopDelay();
  const timings: Timings = new Map();
  const before = cpu();
  await Promise.all(run(timings, performance.now() + SECONDS * 1000));
  const after = cpu();
  const share = (used: number) => used / (SECONDS * 1000);
  return {
    timings,
    delay: await stack.loopDelay(),
    busy: { db: share(after.db - before.db), api: share(after.api - before.api) },
  };
}

try {
  const signers = Array.from({ length: SIGNERS }, (_, i) => `mix.signer.${i}@example.in`);
  const payers = Array.from({ length: PAYERS }, (_, i) => `mix.payer.${i}@example.in`);
  await writeVerifiedShoppers(stack.db.uri, {
    emails: [...signers, ...payers],
    password: PASSWORD,
    cost: COST,
  });
  const warm: Timings = new Map();
  const tokens: string[] = [];
  for (const email of payers)
    tokens.push(
      (
        (await call(warm, 'login', 'POST', '/api/auth/login', { email, password: PASSWORD }))
          .json as { token: string }
      ).token,
    );
  await browse(warm, performance.now() + 2000);

  const browsingAlone = await phase((t, until) =>
    Array.from({ length: BROWSERS }, () => browse(t, until)),
  );
  const mixed = await phase((t, until) => [
    ...Array.from({ length: BROWSERS }, () => browse(t, until)),
    ...signers.map((email) => signIn(t, until, email)),
    ...tokens.map((token) => pay(t, until, token)),
  ]);
  const oneAlone = await phase((t, until) => [pay(t, until, tokens[0]!)]);
  const tenAtOnce = await phase((t, until) => tokens.map((token) => pay(t, until, token)));

  const figures = (t: Timings, route: string) => {
    const s = summarize([...(t.get(route) ?? [])], 0, {}, 0);
    const p95 = s.latencies[Math.floor(0.95 * s.latencies.length)] ?? 0;
    return { n: s.requests, p50: s.p50, p95 };
  };
  console.log(
    `\nA busy day: ${BROWSERS} browsing, ${SIGNERS} signing in, ${PAYERS} paying (${SECONDS} s a phase, bcrypt cost ${COST}, ${os.availableParallelism()} cores, ${stack.db.kind})`,
  );
  const rows: Record<string, Record<string, string | number>> = {};
  for (const route of mixed.timings.keys()) {
    const alone = figures(browsingAlone.timings, route);
    const mix = figures(mixed.timings, route);
    rows[route] = {
      'alone p50': alone.n ? ms(alone.p50) : '',
      'alone p95': alone.n ? ms(alone.p95) : '',
      'in the mix n': mix.n,
      'mix p50': ms(mix.p50),
      'mix p95': ms(mix.p95),
    };
  }
  console.table(rows);
  console.log(
    `event-loop delay p99: browsing alone ${ms(browsingAlone.delay.p99)}, the mix ${ms(mixed.delay.p99)}`,
  );
  const one = figures(oneAlone.timings, 'POST /payments/verify');
  const ten = figures(tenAtOnce.timings, 'POST /payments/verify');
  const ratio = ten.p50 / one.p50;
  const pct = (share: number) => `${Math.round(share * 100)}%`;
  const payingRow = (f: typeof one, busy: { db: number; api: number }) => ({
    confirmations: f.n,
    p50: ms(f.p50),
    p95: ms(f.p95),
    'database busy': pct(busy.db),
    'API main thread busy': pct(busy.api),
  });
  console.table({
    'one paying alone': payingRow(one, oneAlone.busy),
    'ten paying at once': payingRow(ten, tenAtOnce.busy),
  });
  const ok = ratio < MAX_CONFIRMATION_RATIO;
  console.log(
    `confirmation p50, ten at once / one alone: ${ratio.toFixed(2)} (bar: under ${MAX_CONFIRMATION_RATIO}): ${ok ? 'PASS' : 'FAIL'}`,
  );
  if (errors.length)
    console.log(`server errors: ${errors.length} (${errors.slice(0, 5).join(', ')})`);
  process.exitCode = ok && errors.length === 0 ? 0 : 1;
} finally {
  await stack.stop();
}
